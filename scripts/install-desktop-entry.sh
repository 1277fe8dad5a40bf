#!/usr/bin/env bash
# Installs Assets/cdchanger.desktop for the current user, with Exec pointing at BINARY, so the
# desktop's menus list CD Changer (it opens in a terminal) and MPRIS clients find the desktop
# entry the player names ("cdchanger"): into $XDG_DATA_HOME/applications, else
# ~/.local/share/applications. scripts/run.sh runs it after each build.
#
#   scripts/install-desktop-entry.sh BINARY
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 1 ] || { echo "usage: scripts/install-desktop-entry.sh BINARY" >&2; exit 2; }
[ -x "$1" ] || { echo "cdchanger: $1 is not an executable file." >&2; exit 1; }
binary=$(realpath "$1")
case $binary in
  *$'\n'*) echo "cdchanger: a desktop entry cannot name a program whose path holds a line break ($binary)." >&2; exit 1 ;;
esac
if [ -n "${XDG_DATA_HOME:-}" ]; then data=$XDG_DATA_HOME; else data=${HOME:?neither XDG_DATA_HOME nor HOME is set}/.local/share; fi
folder=$data/applications

# Exec takes a quoted argument: ", `, $ and \ get a backslash, and every backslash is then
# doubled by the string escapes (so \ is written \\\\), and % is written %% (the desktop entry
# specification). TryExec is a plain string: only \ is doubled.
exec_path=${binary//\\/\\\\\\\\}
exec_path=${exec_path//\"/\\\\\"}
exec_path=${exec_path//\`/\\\\\`}
exec_path=${exec_path//\$/\\\\\$}
exec_path=${exec_path//%/%%}
try_path=${binary//\\/\\\\}

mkdir -p "$folder"
temporary=$(mktemp "$folder/.cdchanger.desktop.XXXXXX")
trap 'rm -f "$temporary"' EXIT
while IFS= read -r line; do
  case $line in
    Exec=*) printf 'Exec="%s"\n' "$exec_path" ;;
    TryExec=*) printf 'TryExec=%s\n' "$try_path" ;;
    *) printf '%s\n' "$line" ;;
  esac
done < Assets/cdchanger.desktop > "$temporary"
chmod 644 "$temporary"
# Said only when something changed, since scripts/run.sh runs this every time.
if cmp -s "$temporary" "$folder/cdchanger.desktop"; then exit 0; fi
mv -f "$temporary" "$folder/cdchanger.desktop"
trap - EXIT
echo "Installed $folder/cdchanger.desktop (Exec: $binary)."
