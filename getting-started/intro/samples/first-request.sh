#!/usr/bin/env bash
# Lists the first five games of the platform. Needs ARENA_DATA_API_URL and ARENA_API_KEY in the environment.
set -euo pipefail
curl --fail-with-body --silent --show-error \
  --header "Authorization: Bearer ${ARENA_API_KEY}" \
  --header 'Accept: application/json' \
  "${ARENA_DATA_API_URL}/games?limit=5"
