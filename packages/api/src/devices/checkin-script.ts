// The check-in script for Linux and macOS (docs/features.md §12), served with the server's URL and an
// enrolment token filled in (server/checkin-script.ts). Kept here as text so the bundled server carries
// it; what the download gives is the readable bash below, under 150 lines. Its one-shot `send` runs in
// server/checkin-script.test.ts; `install` (systemd timer, launchd daemon) is documented, not run in CI.
const BASH = `#!/usr/bin/env bash
# Device check-in for Linux and macOS. Reads this machine's facts and sends them to your IT provider.
# It sends: hostname, serial number, maker and model, OS and build, last boot, signed-in user, disk
# encryption, antivirus, last update, disk size and free space, IP addresses. Nothing else.
#
#   ./checkin.sh send        send once, now (what the timer runs)
#   ./checkin.sh print       show what would be sent, send nothing
#   sudo ./checkin.sh install     daily and at start-up (systemd timer, or a launchd daemon on macOS)
#   sudo ./checkin.sh uninstall   remove it again
set -euo pipefail

CHECKIN_URL="\${CHECKIN_URL:-__CHECKIN_URL__}"
CHECKIN_TOKEN="\${CHECKIN_TOKEN:-__CHECKIN_TOKEN__}"
INSTALL_PATH=/usr/local/sbin/device-checkin.sh
OS_KIND="$(uname -s)"

# A JSON string: backslash, quote and control characters escaped.
json() { printf '"%s"' "$(printf '%s' "$1" | tr -d '\\000-\\010\\013-\\037' | sed -e 's/\\\\/\\\\\\\\/g' -e 's/"/\\\\"/g' | tr '\\n\\t' '  ')"; }
iso() { if [ "$OS_KIND" = Darwin ]; then date -u -r "$1" +%Y-%m-%dT%H:%M:%SZ; else date -u -d "@$1" +%Y-%m-%dT%H:%M:%SZ; fi; }
mtime() { if [ "$OS_KIND" = Darwin ]; then stat -f %m "$1"; else stat -c %Y "$1"; fi; }
first() { for v in "$@"; do if [ -n "$v" ]; then printf '%s' "$v"; return; fi; done; }
readf() { [ -r "$1" ] && tr -d '\\n' <"$1" 2>/dev/null || true; }
field() { if [ -n "$2" ]; then printf ',%s:%s' "$(json "$1")" "$3"; fi; }

linux_facts() {
  SERIAL="$(readf /sys/class/dmi/id/product_serial)"
  MAKER="$(readf /sys/class/dmi/id/sys_vendor)"
  MODEL="$(readf /sys/class/dmi/id/product_name)"
  # shellcheck disable=SC1091
  OS_NAME="$(. /etc/os-release 2>/dev/null && printf '%s' "\${PRETTY_NAME:-Linux}")"
  OS_NAME="$(first "$OS_NAME" Linux)"
  OS_BUILD="$(uname -r)"
  BOOT="$(( $(date +%s) - $(cut -d. -f1 /proc/uptime) ))"
  if command -v lsblk >/dev/null; then
    if lsblk -rno TYPE 2>/dev/null | grep -qx crypt; then ENC_ON=true; else ENC_ON=false; fi
    ENC_KIND=LUKS
  fi
  if command -v clamscan >/dev/null; then
    AV_NAME=ClamAV; AV_ON=true
    DB="$(ls -t /var/lib/clamav/*.c[lv]d 2>/dev/null | head -1 || true)"
    [ -n "$DB" ] && AV_AGE="$(( ($(date +%s) - $(mtime "$DB")) / 86400 ))"
  fi
  for f in /var/log/apt/history.log /var/lib/dpkg/status /var/lib/rpm/rpmdb.sqlite /var/lib/rpm/Packages /var/lib/pacman/local; do
    if [ -e "$f" ]; then UPDATED="$(mtime "$f")"; break; fi
  done
  IPS="$(hostname -I 2>/dev/null || ip -o addr show scope global 2>/dev/null | awk '{split($4,a,"/"); print a[1]}')"
  # No readable serial (a VM, a container, no root): the machine id is stable across boots.
  [ -z "$SERIAL" ] || [ "$SERIAL" = "To be filled by O.E.M." ] && SERIAL="linux-$(first "$(readf /etc/machine-id)" "$(hostname)")"
  return 0
}

mac_facts() {
  SERIAL="$(ioreg -rd1 -c IOPlatformExpertDevice | awk -F'"' '/IOPlatformSerialNumber/{print $4}')"
  MAKER=Apple
  MODEL="$(sysctl -n hw.model)"
  OS_NAME="macOS $(sw_vers -productVersion)"
  OS_BUILD="$(sw_vers -buildVersion)"
  BOOT="$(sysctl -n kern.boottime | sed -E 's/.*sec = ([0-9]+).*/\\1/')"
  ENC_KIND=FileVault
  if fdesetup status 2>/dev/null | grep -q "FileVault is On"; then ENC_ON=true; else ENC_ON=false; fi
  [ -e /Library/Receipts/InstallHistory.plist ] && UPDATED="$(mtime /Library/Receipts/InstallHistory.plist)"
  XP=/Library/Apple/System/Library/CoreServices/XProtect.bundle
  if [ -d "$XP" ]; then AV_NAME=XProtect; AV_ON=true; AV_AGE="$(( ($(date +%s) - $(mtime "$XP")) / 86400 ))"; fi
  IPS="$(ifconfig | awk '/inet6? /{print $2}' | grep -v -e '^127\\.' -e '^::1$' -e '^fe80')"
  [ -z "$SERIAL" ] && SERIAL="mac-$(ioreg -rd1 -c IOPlatformExpertDevice | awk -F'"' '/IOPlatformUUID/{print $4}')"
  return 0
}

payload() {
  SERIAL="" MAKER="" MODEL="" ENC_KIND="" ENC_ON="" AV_NAME="" AV_ON="" AV_AGE="" UPDATED="" IPS=""
  if [ "$OS_KIND" = Darwin ]; then mac_facts; else linux_facts; fi
  USER_NOW="$(first "$(who 2>/dev/null | awk 'NR==1{print $1}')" "\${SUDO_USER:-}" "\${USER:-}")"
  read -r DISK_TOTAL DISK_FREE < <(df -Pk / | awk 'NR==2{print $2*1024, $4*1024}')
  printf '{"hostname":%s,"serial":%s,"os":%s' "$(json "$(hostname)")" "$(json "$SERIAL")" "$(json "$OS_NAME")"
  field manufacturer "$MAKER" "$(json "$MAKER")"
  field model "$MODEL" "$(json "$MODEL")"
  field osBuild "$OS_BUILD" "$(json "$OS_BUILD")"
  field lastBoot "$BOOT" "$(json "$(iso "$BOOT")")"
  field signedInUser "$USER_NOW" "$(json "$USER_NOW")"
  field encryption "$ENC_ON" "{\\"kind\\":$(json "$ENC_KIND"),\\"enabled\\":$ENC_ON}"
  AV_AGE_JSON="\${AV_AGE:+,\\"signatureAgeDays\\":$AV_AGE}"
  field antivirus "$AV_NAME" "{\\"name\\":$(json "$AV_NAME"),\\"enabled\\":\${AV_ON:-false}$AV_AGE_JSON}"
  field lastUpdateAt "$UPDATED" "$(json "$(iso "\${UPDATED:-0}")")"
  field diskTotalBytes "$DISK_TOTAL" "$DISK_TOTAL"
  field diskFreeBytes "$DISK_FREE" "$DISK_FREE"
  LIST="$(for ip in $IPS; do printf ',%s' "$(json "$ip")"; done | head -c 1500)"
  field ipAddresses "$IPS" "[\${LIST#,}]"
  printf '}\\n'
}

send() {
  payload | curl --silent --show-error --fail-with-body --max-time 30 --retry 3 --retry-delay 20 \\
    -H "Authorization: Bearer $CHECKIN_TOKEN" -H "Content-Type: application/json" \\
    --data-binary @- "$CHECKIN_URL/api/devices/checkin"
  echo
}

install() {
  cp "$0" "$INSTALL_PATH" && chmod 700 "$INSTALL_PATH"
  sed -i.bak -e "s|^CHECKIN_URL=.*|CHECKIN_URL=\\"$CHECKIN_URL\\"|" -e "s|^CHECKIN_TOKEN=.*|CHECKIN_TOKEN=\\"$CHECKIN_TOKEN\\"|" "$INSTALL_PATH"
  rm -f "$INSTALL_PATH.bak"
  if [ "$OS_KIND" = Darwin ]; then
    cat >/Library/LaunchDaemons/com.device-checkin.plist <<PLIST
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0"><dict>
  <key>Label</key><string>com.device-checkin</string>
  <key>ProgramArguments</key><array><string>$INSTALL_PATH</string><string>send</string></array>
  <key>RunAtLoad</key><true/>
  <key>StartInterval</key><integer>86400</integer>
</dict></plist>
PLIST
    launchctl load -w /Library/LaunchDaemons/com.device-checkin.plist
  else
    printf '[Unit]\\nDescription=Device check-in\\nAfter=network-online.target\\nWants=network-online.target\\n\\n[Service]\\nType=oneshot\\nExecStart=%s send\\n' "$INSTALL_PATH" >/etc/systemd/system/device-checkin.service
    printf '[Unit]\\nDescription=Device check-in, daily and at start-up\\n\\n[Timer]\\nOnBootSec=5min\\nOnUnitActiveSec=1d\\nRandomizedDelaySec=1h\\nPersistent=true\\n\\n[Install]\\nWantedBy=timers.target\\n' >/etc/systemd/system/device-checkin.timer
    systemctl daemon-reload && systemctl enable --now device-checkin.timer
  fi
  echo "Installed: $INSTALL_PATH runs daily and at start-up."
}

uninstall() {
  if [ "$OS_KIND" = Darwin ]; then
    launchctl unload -w /Library/LaunchDaemons/com.device-checkin.plist 2>/dev/null || true
    rm -f /Library/LaunchDaemons/com.device-checkin.plist
  else
    systemctl disable --now device-checkin.timer 2>/dev/null || true
    rm -f /etc/systemd/system/device-checkin.service /etc/systemd/system/device-checkin.timer
    systemctl daemon-reload 2>/dev/null || true
  fi
  rm -f "$INSTALL_PATH"
  echo "Uninstalled."
}

case "\${1:-send}" in
  send) send ;;
  print) payload ;;
  install) install ;;
  uninstall) uninstall ;;
  *) echo "Usage: $0 send|print|install|uninstall" >&2; exit 2 ;;
esac
`;

/** The bash script with `url` and `token` filled in; both are checked to be safe inside double quotes. */
export function bashCheckinScript(url: string, token: string): string {
  if (!/^https?:\/\/[A-Za-z0-9.:[\]/_-]+$/.test(url)) throw new Error(`Unsafe URL for the script: ${url}`);
  if (!/^ckin_[A-Za-z0-9_-]+$/.test(token)) throw new Error("Unsafe token for the script");
  return BASH.replace("__CHECKIN_URL__", url.replace(/\/+$/, "")).replace("__CHECKIN_TOKEN__", token);
}
