"""Child of the start-up tests: opens the store at ``argv[1]`` as the user it runs as, and
prints ``opened`` or the line ``StorageUnavailable`` says."""

import asyncio
import sys

from bot.storage.db import StorageUnavailable
from bot.storage.store import Storage


async def open_once(location: str) -> None:
    try:
        storage = await Storage.open(location)
    except StorageUnavailable as error:
        print(error)
        return
    await storage.close()
    print("opened")


if __name__ == "__main__":
    asyncio.run(open_once(sys.argv[1]))
