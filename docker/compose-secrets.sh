#!/bin/sh
# The compose stack's secrets, made at its first start (the `secrets` service of compose.yml), so
# that the stack starts as written and no key of it is in the repository: the apps refuse published
# keys in production, and the images set NODE_ENV=production. Written once into the `secrets`
# volume and kept across restarts (sealed webhook keys and login cookies stay valid); `down -v`
# drops them with the database. A value set in your environment (SECRET_SEALING_KEY, COOKIE_KEYS,
# METRICS_TOKEN, which compose passes to the apps) is used instead of the made one.
#   usage: compose-secrets.sh <folder> [<owner uid>]
set -eu
dir=$1
owner=${2:-1000}
file="$dir/secrets.env"
random() { head -c "$1" /dev/urandom | base64 | tr -d '\n=' | tr '+/' '-_'; }
if [ ! -s "$file" ]; then
  umask 077
  {
    echo "# Made by docker/compose-secrets.sh; a variable set in the app's environment wins."
    echo "SECRET_SEALING_KEY=\"\${SECRET_SEALING_KEY:-$(random 32)}\""
    echo "COOKIE_KEYS=\"\${COOKIE_KEYS:-$(random 48)}\""
    echo "METRICS_TOKEN=\"\${METRICS_TOKEN:-$(random 24)}\""
    echo "export SECRET_SEALING_KEY COOKIE_KEYS METRICS_TOKEN"
  } >"$file.new"
  mv "$file.new" "$file"
fi
# The apps run as the image's `node` user (uid 1000).
chown "$owner" "$file"
chmod 0400 "$file"
