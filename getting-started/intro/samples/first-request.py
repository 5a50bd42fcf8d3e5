"""Lists the first five games of the platform. Needs ARENA_DATA_API_URL and ARENA_API_KEY in the environment."""
import json
import os
import urllib.request

request = urllib.request.Request(
    f"{os.environ['ARENA_DATA_API_URL']}/games?limit=5",
    headers={"Authorization": f"Bearer {os.environ['ARENA_API_KEY']}", "Accept": "application/json"},
)
with urllib.request.urlopen(request) as response:
    for game in json.load(response)["items"]:
        print(f"{game['game_id']}\t{game['long_label']}")
