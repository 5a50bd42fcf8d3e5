"""Prints a player's matches of one game in a time window, page by page.

Usage: python3 player-history.py <player_id> <game> [days back, default 30]
"""
import json
import os
import sys
import time
import urllib.parse
import urllib.request

player_id, game = sys.argv[1], sys.argv[2]
days = int(sys.argv[3]) if len(sys.argv) > 3 else 30
to = int(time.time())  # Unix seconds, as the history call takes them
since = to - days * 24 * 60 * 60
limit, offset = 50, 0  # a page size of our choice, within the call's maximum
while True:
    query = urllib.parse.urlencode({"game": game, "from": since, "to": to, "offset": offset, "limit": limit})
    url = f"{os.environ['ARENA_DATA_API_URL']}/players/{urllib.parse.quote(player_id)}/history?{query}"
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {os.environ['ARENA_API_KEY']}"})
    with urllib.request.urlopen(request) as response:
        page = json.load(response)
    for match in page["items"]:
        print(match["match_id"], match["game_mode"])
    if len(page["items"]) < limit:  # a short page is the last one
        break
    offset += limit
