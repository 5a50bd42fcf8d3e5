#!/usr/bin/env bash
# Lists the first five games of the platform. Needs DATA_API_URL and API_KEY in the environment.
set -euo pipefail
curl --fail-with-body --silent --show-error \
  --header "Authorization: Bearer ${API_KEY}" \
  --header 'Accept: application/json' \
  "${DATA_API_URL}/games?limit=5"
