#!/bin/sh
# draftcli installer for Linux and macOS.
#
#   curl -fsSL https://github.com/draftcli/draftcli/releases/latest/download/install.sh | bash
#   curl -fsSL .../install.sh | bash -s -- --uninstall
#
# Downloads the prebuilt binary for this machine and SHA256SUMS from the release, verifies the
# checksum, and installs it as $DRAFTCLI_INSTALL_DIR/draftcli (default ~/.local/bin). No sudo.
# Run with --help for options and environment variables. Windows: use install.ps1.
#
# Plain POSIX sh on purpose (dash, bash, macOS /bin/sh); keep it shellcheck-clean.

REPO="draftcli/draftcli"
DEFAULT_BASE="https://github.com/$REPO/releases/latest/download"

set -eu

usage() {
	cat <<EOF
draftcli installer (Linux, macOS)

usage: install.sh [--uninstall] [--help]
       curl -fsSL $DEFAULT_BASE/install.sh | bash
       curl -fsSL $DEFAULT_BASE/install.sh | bash -s -- --uninstall

  --uninstall  remove the installed draftcli binary (only that file)
  --help       show this text

environment:
  DRAFTCLI_VERSION       release to install, e.g. 1.2.3 or v1.2.3 (default: the latest)
  DRAFTCLI_INSTALL_DIR   folder to install into (default: \$HOME/.local/bin)
  DRAFTCLI_INSTALL_BASE  folder URL that directly holds the release assets
                         (default: $DEFAULT_BASE)
                         DRAFTCLI_VERSION rewrites a base ending in /latest/download into
                         .../download/v<version> (GitHub's layout); any other base is used as is.
EOF
}

say() {
	printf '%s\n' "$*"
}

err() {
	printf 'draftcli install: error: %s\n' "$*" >&2
}

die() {
	err "$*"
	exit 1
}

# Sets TARGET (e.g. x86_64-unknown-linux-gnu) from uname, or stops with a clear message.
detect_target() {
	os=$(uname -s 2>/dev/null || true)
	arch=$(uname -m 2>/dev/null || true)
	case "$os" in
	Linux) os_part="unknown-linux-gnu" ;;
	Darwin) os_part="apple-darwin" ;;
	MINGW* | MSYS* | CYGWIN* | Windows_NT)
		die "this is Windows ($os): use install.ps1 from PowerShell instead:
  irm $DEFAULT_BASE/install.ps1 | iex"
		;;
	*) die "unsupported operating system: ${os:-unknown} (prebuilt binaries exist for Linux and macOS; Windows uses install.ps1)" ;;
	esac
	case "$arch" in
	x86_64 | amd64) arch_part="x86_64" ;;
	arm64 | aarch64) arch_part="aarch64" ;;
	*) die "unsupported CPU architecture: ${arch:-unknown} on $os (prebuilt binaries exist for x86_64 and arm64/aarch64)" ;;
	esac
	if [ "$os" = "Darwin" ] && [ "$arch_part" = "x86_64" ]; then
		# A shell running under Rosetta 2 reports x86_64 on Apple silicon: take the native build.
		translated=$(sysctl -n sysctl.proc_translated 2>/dev/null || true)
		if [ "$translated" = "1" ]; then
			say "Rosetta 2 detected: installing the native Apple silicon (arm64) build"
			arch_part="aarch64"
		fi
	fi
	TARGET="$arch_part-$os_part"
}

# Sets BASE (the folder URL holding the assets) and TAG (v1.2.3, or empty for the latest).
resolve_base() {
	BASE="${DRAFTCLI_INSTALL_BASE:-$DEFAULT_BASE}"
	BASE="${BASE%/}"
	TAG=""
	version="${DRAFTCLI_VERSION:-}"
	if [ -z "$version" ] || [ "$version" = "latest" ]; then
		return 0
	fi
	case "$version" in
	v*) TAG="$version" ;;
	*) TAG="v$version" ;;
	esac
	case "$TAG" in
	v[0-9]*) ;;
	*) die "DRAFTCLI_VERSION must look like 1.2.3 or v1.2.3 (got: $version)" ;;
	esac
	case "$TAG" in
	*[!0-9A-Za-z.+-]*) die "DRAFTCLI_VERSION must look like 1.2.3 or v1.2.3 (got: $version)" ;;
	esac
	case "$BASE" in
	*/latest/download) BASE="${BASE%/latest/download}/download/$TAG" ;;
	*) say "note: DRAFTCLI_INSTALL_BASE is used as is; it must hold the $TAG assets" ;;
	esac
}

# download URL FILE: fetches URL into FILE with curl (or wget), or stops naming the URL.
download() {
	url="$1"
	file="$2"
	rc=0
	if command -v curl >/dev/null 2>&1; then
		status=$(curl -sSL --retry 2 -o "$file" -w '%{http_code}' "$url") || rc=$?
		if [ "$rc" -ne 0 ]; then
			die "could not download $url: network failure (curl exit $rc)"
		fi
		case "$status" in
		2??) return 0 ;;
		404) die "could not download $url: HTTP 404 Not Found (no such release or asset; check DRAFTCLI_VERSION and DRAFTCLI_INSTALL_BASE)" ;;
		*) die "could not download $url: HTTP $status" ;;
		esac
	elif command -v wget >/dev/null 2>&1; then
		wget -q -O "$file" "$url" || rc=$?
		case "$rc" in
		0) return 0 ;;
		8) die "could not download $url: the server answered with an error, such as 404 Not Found (no such release or asset; check DRAFTCLI_VERSION and DRAFTCLI_INSTALL_BASE)" ;;
		*) die "could not download $url: network failure (wget exit $rc)" ;;
		esac
	else
		die "neither curl nor wget is installed; install one of them and run this again"
	fi
}

# sha256_of FILE: prints the file's SHA-256 in lowercase hex (read from stdin: no name quoting).
sha256_of() {
	if command -v sha256sum >/dev/null 2>&1; then
		sum=$(sha256sum <"$1") || return 1
	elif command -v shasum >/dev/null 2>&1; then
		sum=$(shasum -a 256 <"$1") || return 1
	else
		return 1
	fi
	printf '%s\n' "${sum%% *}" | tr 'A-F' 'a-f'
}

cleanup() {
	if [ -n "${TMP_DIR:-}" ]; then
		rm -rf "$TMP_DIR"
	fi
	if [ -n "${STAGED:-}" ]; then
		rm -f "$STAGED"
	fi
}

install_dir() {
	if [ -n "${DRAFTCLI_INSTALL_DIR:-}" ]; then
		INSTALL_DIR="${DRAFTCLI_INSTALL_DIR%/}"
	elif [ -n "${HOME:-}" ]; then
		INSTALL_DIR="$HOME/.local/bin"
	else
		die "HOME is not set; set DRAFTCLI_INSTALL_DIR to the folder to install into"
	fi
}

do_uninstall() {
	install_dir
	bin="$INSTALL_DIR/draftcli"
	if [ -e "$bin" ] || [ -L "$bin" ]; then
		rm -f "$bin" || die "could not remove $bin"
		say "removed $bin"
	else
		say "nothing to remove: $bin does not exist"
	fi
}

path_hint() {
	case ":${PATH:-}:" in
	*":$INSTALL_DIR:"* | *":$INSTALL_DIR/:"*) return 0 ;;
	esac
	say ""
	say "$INSTALL_DIR is not on your PATH. Add it, then open a new terminal:"
	say "  bash: echo 'export PATH=\"$INSTALL_DIR:\$PATH\"' >> ~/.bashrc"
	say "  zsh:  echo 'export PATH=\"$INSTALL_DIR:\$PATH\"' >> ~/.zshrc"
	say "  fish: fish_add_path \"$INSTALL_DIR\""
}

do_install() {
	detect_target
	resolve_base
	install_dir
	asset="draftcli-$TARGET"

	trap cleanup EXIT
	trap 'exit 130' INT
	trap 'exit 143' TERM
	trap 'exit 129' HUP
	TMP_DIR=$(mktemp -d 2>/dev/null || mktemp -d -t draftcli) || die "could not create a temporary folder"

	say "downloading $asset${TAG:+ ($TAG)} from $BASE"
	download "$BASE/$asset" "$TMP_DIR/$asset"
	download "$BASE/SHA256SUMS" "$TMP_DIR/SHA256SUMS"

	expected=$(tr -d '\r' <"$TMP_DIR/SHA256SUMS" |
		awk -v f="$asset" '$2 == f || $2 == "*" f { print $1; exit }' | tr 'A-F' 'a-f')
	if [ -z "$expected" ]; then
		die "$BASE/SHA256SUMS has no line for $asset; nothing installed"
	fi
	actual=$(sha256_of "$TMP_DIR/$asset") ||
		die "cannot verify the download: sha256sum or shasum is needed and did not work; nothing installed"
	if [ "$actual" != "$expected" ]; then
		die "checksum mismatch for $asset (expected $expected, got $actual); nothing installed"
	fi
	say "checksum verified (sha256 $actual)"

	mkdir -p "$INSTALL_DIR" || die "could not create $INSTALL_DIR"
	INSTALL_DIR=$(cd "$INSTALL_DIR" && pwd) || die "could not enter $INSTALL_DIR"
	bin="$INSTALL_DIR/draftcli"
	# Stage beside the target so the final mv is an atomic rename on the same file system.
	STAGED="$INSTALL_DIR/.draftcli.install.$$"
	cp "$TMP_DIR/$asset" "$STAGED" || die "could not write into $INSTALL_DIR"
	chmod 755 "$STAGED" || die "could not make $STAGED executable"
	mv -f "$STAGED" "$bin" || die "could not move the binary into place at $bin"
	STAGED=""
	say "installed $bin"

	path_hint

	if ! version_line=$("$bin" --version </dev/null); then
		die "$bin is installed but does not run here (glibc-based Linux or macOS is needed); remove it with --uninstall"
	fi
	say "$version_line"
	if [ -n "$TAG" ]; then
		case "$version_line" in
		*" ${TAG#v} "* | *" ${TAG#v}") ;;
		*) say "warning: asked for $TAG but the installed binary reports: $version_line" ;;
		esac
	fi
}

main() {
	mode="do_install"
	for arg in "$@"; do
		case "$arg" in
		-h | --help)
			usage
			return 0
			;;
		--uninstall) mode="do_uninstall" ;;
		*)
			err "unknown argument: $arg"
			usage >&2
			exit 2
			;;
		esac
	done
	"$mode"
}

main "$@"
