"""Development tools used from a checkout: the fake Discord server, benchmarks and the arena.

Nothing here is part of the running bot: the Docker image and the installed package leave
this folder out, and ``bot`` never imports it by module path (``python -m bot bench`` and
``arena`` load ``devtools.cli`` by name, and say so when it is missing).
"""
