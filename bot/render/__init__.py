"""Text renderings of engine values, shared by the terminal and the Discord layer."""
