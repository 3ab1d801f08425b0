#!/bin/sh
# Builds the two images from deploy/Dockerfile.*, runs deploy/compose.yaml (PostgreSQL primary + streaming replica,
# Redis, api-1/api-2, web-1/web-2, nginx) under a project of its own, checks it through nginx and prints what it
# checked, then takes it down with its volumes. Not part of .ci/run (two image builds take far longer than CI's
# budget); README, «The deployment kit, built and run». Exit status: the number of failed checks (0 = all passed).
#
# Needs docker (with compose: `docker compose` or docker-compose 1.29+), curl and the base images the Dockerfiles
# name (pulled, or deploy/local-images.sh's stand-ins). Knobs:
#   SKIP_BUILD=1      use the podbor-api / podbor-web images as they are
#   KEEP=1            leave the topology running (take it down: the `down -v` command printed at the end)
#   BUILD_LOCK=path   run each `docker build` under `flock path` (a machine shared with other heavy builds)
#   HTTP_PORT, API_HTTP_PORT  host ports of nginx's shop and API listeners (8088, 8089)
#   COMPOSE_PROJECT_NAME      (podbor-check) containers, network and volumes are named after it
#   CHECK_PRODUCTS    catalogue size seeded into the fresh database (2000)
set -eu
cd "$(dirname "$0")/.."

export COMPOSE_PROJECT_NAME="${COMPOSE_PROJECT_NAME:-podbor-check}"
HTTP_PORT="${HTTP_PORT:-8088}"
API_HTTP_PORT="${API_HTTP_PORT:-8089}"
SHOP="http://127.0.0.1:$HTTP_PORT"
API="http://127.0.0.1:$API_HTTP_PORT"

if docker compose version >/dev/null 2>&1; then
  COMPOSE="docker compose"
elif command -v docker-compose >/dev/null 2>&1; then
  COMPOSE=docker-compose
else
  echo "check: neither 'docker compose' nor docker-compose is installed" >&2
  exit 100
fi

secret() { head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n'; }
ENV_FILE="$(mktemp)"
cat >"$ENV_FILE" <<EOF
COMPOSE_PROJECT_NAME=$COMPOSE_PROJECT_NAME
HTTP_PORT=$HTTP_PORT
API_HTTP_PORT=$API_HTTP_PORT
POSTGRES_PASSWORD=$(secret)
REPLICATION_PASSWORD=$(secret)
JWT_SECRET=$(secret)
PUBLIC_URL=$SHOP
API_PUBLIC_URL=$API
EOF
dc() { $COMPOSE --env-file "$ENV_FILE" -f deploy/compose.yaml "$@"; }
cid() { dc ps -q "$1"; }
down() {
  if [ "${KEEP:-0}" = 1 ]; then
    echo "== left running; take it down with: COMPOSE_PROJECT_NAME=$COMPOSE_PROJECT_NAME $COMPOSE -f deploy/compose.yaml down -v (the env file: $ENV_FILE)"
  else
    echo "== down"
    dc down -v --remove-orphans >/dev/null 2>&1 || true
    rm -f "$ENV_FILE"
  fi
}

FAILED=0
ok() { echo "  ok    $*"; }
bad() {
  echo "  FAIL  $*"
  FAILED=$((FAILED + 1))
}
now() { date +%s; }

# ---- 1. the images ----
if [ "${SKIP_BUILD:-0}" != 1 ]; then
  for app in api web; do
    echo "== docker build -f deploy/Dockerfile.$app -t podbor-$app ."
    start=$(now)
    ${BUILD_LOCK:+flock "$BUILD_LOCK"} docker build --network host -q -f "deploy/Dockerfile.$app" -t "podbor-$app" .
    echo "   built in $(($(now) - start)) s"
  done
fi
echo "== images"
docker images --format '   {{.Repository}}:{{.Tag}}  {{.Size}}' podbor-api
docker images --format '   {{.Repository}}:{{.Tag}}  {{.Size}}' podbor-web

# ---- 2. the topology ----
trap down EXIT
dc down -v --remove-orphans >/dev/null 2>&1 || true
echo "== up ($COMPOSE, project $COMPOSE_PROJECT_NAME; nginx on :$HTTP_PORT and :$API_HTTP_PORT)"
start=$(now)
dc up -d --no-build
# Ready: both API processes answer /api/health/ready (migrated, database reachable) and nginx serves the home page.
ready() {
  for s in api-1 api-2; do
    docker exec "$(cid $s)" node -e "fetch('http://127.0.0.1:4000/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))" \
      >/dev/null 2>&1 || return 1
  done
  [ "$(curl -s -o /dev/null -w '%{http_code}' "$SHOP/")" = 200 ]
}
until ready; do
  if [ $(($(now) - start)) -gt 300 ]; then
    bad "not ready within 300 s"
    dc ps
    dc logs --tail 40
    exit "$FAILED"
  fi
  sleep 2
done
echo "   ready in $(($(now) - start)) s (from 'up' to both APIs ready and the home page served through nginx)"

echo "== seed ($COMPOSE exec api-1 node apps/api/dist/seed.js --products ${CHECK_PRODUCTS:-2000})"
start=$(now)
dc exec -T api-1 node apps/api/dist/seed.js --products "${CHECK_PRODUCTS:-2000}" >/dev/null
echo "   seeded in $(($(now) - start)) s"

psql_on() { # service, query
  docker exec "$(cid "$1")" psql -U podbor -d podbor -Atc "$2"
}
# GET or POST (with a JSON body) through nginx; prints the status, then the body on the next lines.
call() { # url [json] [extra curl args…]
  url=$1
  shift
  if [ $# -gt 0 ] && [ -n "$1" ]; then
    body=$1
    shift
    curl -s -w '\n%{http_code}' -X POST -H 'content-type: application/json' --data "$body" "$@" "$url"
  else
    [ $# -gt 0 ] && shift
    curl -s -w '\n%{http_code}' "$@" "$url"
  fi
}
status_of() { printf '%s\n' "$1" | tail -n 1; }
body_of() { printf '%s\n' "$1" | sed '$d'; }
json() { # json-text, JavaScript expression of `j`
  # node of a running API container: the host may have none, and a new container would copy its whole image (vfs).
  printf '%s' "$1" | docker exec -i "$(cid api-1)" node -e \
    "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{const j=JSON.parse(s);const v=($2);console.log(typeof v==='string'?v:JSON.stringify(v))})"
}

echo "== checks"
# A product with stock in an active branch's city, as a customer would find one.
FIX=$(psql_on postgres "select p.slug || ' ' || c.slug from products p join stock s on s.product_id = p.id and s.quantity > s.reserved
  join warehouses w on w.id = s.warehouse_id join branches b on b.id = w.branch_id and b.is_active join cities c on c.id = b.city_id
  where p.is_active and not p.is_service order by p.id limit 1")
PRODUCT=${FIX% *}
CITY=${FIX#* }

r=$(call "$SHOP/")
[ "$(status_of "$r")" = 200 ] && ok "home page through nginx :$HTTP_PORT: 200, $(body_of "$r" | wc -c) bytes" ||
  bad "home page: $(status_of "$r")"

r=$(call "$API/api/v1/catalog/products/$PRODUCT/")
if [ "$(status_of "$r")" = 200 ]; then
  DETAIL=$(body_of "$r")
  CATEGORY_PATH=$(json "$DETAIL" "j.categories[0].join('/')")
  CATEGORY=$(json "$DETAIL" "j.categories[0].at(-1)")
  ok "API call through nginx :$API_HTTP_PORT: GET /api/v1/catalog/products/$PRODUCT/ 200"
else
  CATEGORY_PATH=none CATEGORY=none
  bad "product card: $(status_of "$r") $(body_of "$r" | head -c 300)"
fi

r=$(call "$API/api/v1/catalog/$CATEGORY/products/" "{\"page\":1,\"sort\":\"popular\",\"order\":\"desc\",\"city\":\"$CITY\"}")
if [ "$(status_of "$r")" = 200 ]; then
  ok "API listing POST /api/v1/catalog/$CATEGORY/products/: 200, $(json "$(body_of "$r")" "j.total") products"
else
  bad "API listing: $(status_of "$r") $(body_of "$r" | head -c 300)"
fi
r=$(call "$SHOP/catalog/$CATEGORY_PATH")
[ "$(status_of "$r")" = 200 ] && ok "storefront listing /catalog/$CATEGORY_PATH through nginx: 200" ||
  bad "storefront listing /catalog/$CATEGORY_PATH: $(status_of "$r")"

r=$(call "$API/api/v1/user/token/unauthorized_user/" "{}")
TOKEN=$(json "$(body_of "$r")" "j.token" 2>/dev/null || true)
r=$(call "$API/api/v1/payment/cart/add-item/" "{\"product\":\"$PRODUCT\",\"quantity\":2,\"city\":\"$CITY\"}" \
  -H "authorization: $TOKEN")
if [ -n "$TOKEN" ] && [ "$(status_of "$r")" -lt 300 ]; then
  r=$(call "$API/api/v1/payment/cart/" "" -H "authorization: $TOKEN")
  case "$(body_of "$r")" in
    *"$PRODUCT"*) ok "cart: a visitor token, add-item $PRODUCT × 2, the cart holds it (GET 200)" ;;
    *) bad "cart after add-item: $(status_of "$r") $(body_of "$r" | head -c 300)" ;;
  esac
else
  bad "cart add-item: $(status_of "$r") $(body_of "$r" | head -c 300)"
fi

for s in api-1 api-2; do
  r=$(docker exec "$(cid $s)" node -e "fetch('http://127.0.0.1:4000/api/health/ready').then(async r=>console.log(r.status,await r.text()))")
  case "$r" in
    200*) ok "$s /api/health/ready: $r" ;;
    *) bad "$s /api/health/ready: $r" ;;
  esac
done
for s in web-1 web-2; do
  r=$(docker exec "$(cid $s)" node -e "fetch('http://127.0.0.1:3000/health/ready').then(async r=>console.log(r.status,await r.text()))")
  case "$r" in
    200*) ok "$s /health/ready: $r" ;;
    *) bad "$s /health/ready: $r" ;;
  esac
done

r=$(psql_on postgres "select string_agg(application_name || ' ' || state || ' ' || sync_state || ' from ' || client_addr, '; ') from pg_stat_replication")
case "$r" in
  *streaming*) ok "primary's pg_stat_replication: $r" ;;
  *) bad "primary's pg_stat_replication: '$r'" ;;
esac
PRIMARY_COUNT=$(psql_on postgres "select count(*) from products")
sleep 1
r=$(psql_on postgres-replica "select pg_is_in_recovery() || ' ' || (select count(*) from products)")
[ "$r" = "true $PRIMARY_COUNT" ] && ok "replica: in recovery, $PRIMARY_COUNT products as on the primary" ||
  bad "replica: '$r' (primary: $PRIMARY_COUNT products)"

for s in api-1 api-2 web-1 web-2; do
  r=$(docker exec "$(cid $s)" id)
  case "$r" in
    uid=0*) bad "$s runs as root: $r" ;;
    *) ok "$s runs as: $r" ;;
  esac
done
# Product pictures carry their brand as text drawn by sharp: the API image needs a font for it, or every letter is
# a box.
r=$(docker exec "$(cid api-1)" fc-match sans-serif 2>&1 || true)
case "$r" in
  *DejaVu*) ok "api-1 draws picture labels with a real font: fc-match sans-serif → $r" ;;
  *) bad "api-1 has no font for picture labels: '$r'" ;;
esac

# The servers' own processes, as their images start them (root only where the official images keep it: nginx's
# master, which opens the ports and then runs its workers unprivileged).
for s in postgres postgres-replica redis nginx; do
  # The scan ends before `sort` starts, so the check's own commands (sh, sed) are the only ones to leave out.
  r=$(docker exec "$(cid $s)" sh -c 'seen=$(for p in /proc/[0-9]*; do
      n=$(sed -n "s/^Name:\t//p" $p/status 2>/dev/null); u=$(sed -n "s/^Uid:\t\([0-9]*\).*/\1/p" $p/status 2>/dev/null)
      [ -n "$n" ] && [ "$n" != sh ] && [ "$n" != sed ] && echo "$n:$u"; done)
      printf "%s\n" "$seen" | sort | uniq -c | tr -s " \n" " "')
  case "$s:$r" in
    nginx:*nginx:0*nginx:[1-9]* | nginx:*nginx:[1-9]*nginx:0*) ok "$s processes (name:uid): $r(master root, workers not)" ;;
    nginx:*) bad "$s processes (name:uid): $r" ;;
    *:0\ * | *:0) bad "$s has root processes (name:uid): $r" ;;
    *) ok "$s processes (name:uid): $r" ;;
  esac
done

# X-Forwarded-For. On the API listener nginx appends its peer to what the client sent; the API (TRUST_PROXY
# loopback,uniquelocal) believes the private hops, so a client behind them is named by its own address. On the
# shop listener nginx replaces the header: a spoofed one must not reach the API as the client's address.
rid=check-xff-$(secret)
call "$API/api/v1/catalog/categories/" "" -H 'x-forwarded-for: 203.0.113.77' -H "x-request-id: $rid" >/dev/null
rid2=check-xff-$(secret)
call "$SHOP/api/v1/catalog/categories/" "" -H 'x-forwarded-for: 198.51.100.9' -H "x-request-id: $rid2" >/dev/null
sleep 1
LOGS=$(dc logs --no-color api-1 api-2 2>&1)
r=$(printf '%s\n' "$LOGS" | grep "$rid" | grep -o '"remoteAddress":"[^"]*"' | head -n 1)
[ "$r" = '"remoteAddress":"203.0.113.77"' ] &&
  ok "API listener, X-Forwarded-For 203.0.113.77: the API logged the request $rid with $r" ||
  bad "API listener X-Forwarded-For: the API's log line for $rid: '$r'"
r=$(printf '%s\n' "$LOGS" | grep "$rid2" | grep -o '"remoteAddress":"[^"]*"' | head -n 1)
case "$r" in
  '' | *198.51.100.9*) bad "shop listener, spoofed X-Forwarded-For 198.51.100.9: the API's log line for $rid2: '$r'" ;;
  *) ok "shop listener, spoofed X-Forwarded-For 198.51.100.9 replaced by nginx: the API logged $rid2 with $r" ;;
esac

echo "== $FAILED check(s) failed"
exit "$FAILED"
