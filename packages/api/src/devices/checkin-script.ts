// The check-in scripts (docs/features.md §12): bash for Linux and macOS, PowerShell 5.1+ for Windows,
// served with the server's URL and an enrolment token filled in (server/checkin-script.ts). Kept here as
// text so the bundled server carries them; what the download gives is the readable script below, each
// under 150 lines. The bash one-shot `send` runs in server/checkin-script.test.ts; PowerShell cannot run
// here, so its payload is checked from fixtures in its format (devices/fixtures/*.txt, out of the
// formatter's reach so they stay as ConvertTo-Json writes them). Installing (systemd, launchd, Task
// Scheduler) is documented, not run in CI.
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

const POWERSHELL = `# Device check-in for Windows (PowerShell 5.1+). Reads this machine's facts and sends them to your IT
# provider: hostname, serial (BIOS), maker and model, OS and build, last boot, signed-in user, BitLocker,
# Defender and its signature age, last installed update, system disk size and free space, IP addresses.
#
#   .\\checkin.ps1 -Action Send        send once, now (what the scheduled task runs)
#   .\\checkin.ps1 -Action Print       show what would be sent, send nothing
#   .\\checkin.ps1 -Action Install     as administrator: a scheduled task, daily and at start-up
#   .\\checkin.ps1 -Action Uninstall   as administrator: remove it again
param([ValidateSet("Send", "Print", "Install", "Uninstall")] [string] $Action = "Send")
$ErrorActionPreference = "Stop"
Set-StrictMode -Version 2

$CheckinUrl = "__CHECKIN_URL__"
$CheckinToken = "__CHECKIN_TOKEN__"
$TaskName = "Device check-in"
$InstallPath = Join-Path $env:ProgramData "DeviceCheckin\\checkin.ps1"

function Get-Iso([datetime] $When) { $When.ToUniversalTime().ToString("yyyy-MM-ddTHH:mm:ssZ") }
function Get-Text([object] $Value) { if ($null -eq $Value) { return $null }; $s = "$Value".Trim(); if ($s) { $s } else { $null } }

function Get-Payload {
  $bios = Get-CimInstance Win32_BIOS
  $system = Get-CimInstance Win32_ComputerSystem
  $os = Get-CimInstance Win32_OperatingSystem
  $serial = Get-Text $bios.SerialNumber
  if (-not $serial -or $serial -match "^(To be filled|Default string|System Serial|0+$)") {
    # No readable serial: the machine's installation GUID is stable until Windows is reinstalled.
    $serial = "win-" + (Get-ItemProperty "HKLM:\\SOFTWARE\\Microsoft\\Cryptography").MachineGuid
  }
  $payload = [ordered]@{
    hostname = $env:COMPUTERNAME
    serial = $serial
    os = Get-Text $os.Caption
  }
  if (Get-Text $system.Manufacturer) { $payload.manufacturer = Get-Text $system.Manufacturer }
  if (Get-Text $system.Model) { $payload.model = Get-Text $system.Model }
  $payload.osBuild = "$($os.Version)"
  $payload.lastBoot = Get-Iso $os.LastBootUpTime
  if (Get-Text $system.UserName) { $payload.signedInUser = Get-Text $system.UserName }

  try {
    $volume = Get-BitLockerVolume -MountPoint $env:SystemDrive
    $payload.encryption = [ordered]@{ kind = "BitLocker"; enabled = ($volume.ProtectionStatus -eq "On") }
  } catch {
    # Not an administrator, or no BitLocker on this edition: the encryption is not reported.
  }
  try {
    $defender = Get-MpComputerStatus
    $age = [int]((Get-Date) - $defender.AntivirusSignatureLastUpdated).TotalDays
    $payload.antivirus = [ordered]@{
      name = "Microsoft Defender"
      enabled = [bool]($defender.AntivirusEnabled -and $defender.RealTimeProtectionEnabled)
      signatureAgeDays = [math]::Max(0, $age)
    }
  } catch {
    # Another antivirus product manages the machine: Defender's state says nothing about it.
  }
  $update = Get-HotFix | Where-Object { $_.InstalledOn } | Sort-Object InstalledOn -Descending | Select-Object -First 1
  if ($update) { $payload.lastUpdateAt = Get-Iso $update.InstalledOn }

  $disk = Get-CimInstance Win32_LogicalDisk -Filter "DeviceID='$($env:SystemDrive)'"
  if ($disk) {
    $payload.diskTotalBytes = [int64]$disk.Size
    $payload.diskFreeBytes = [int64]$disk.FreeSpace
  }
  $ips = @(Get-NetIPAddress | Where-Object { $_.IPAddress -notmatch "^(127\\.|::1$|fe80|169\\.254\\.)" } |
      Select-Object -ExpandProperty IPAddress -First 32)
  if ($ips.Count -gt 0) { $payload.ipAddresses = $ips }
  $payload
}

function Send-Checkin {
  $body = ConvertTo-Json -InputObject (Get-Payload) -Depth 4 -Compress
  [Net.ServicePointManager]::SecurityProtocol = [Net.SecurityProtocolType]::Tls12
  $answer = Invoke-RestMethod -Method Post -Uri "$CheckinUrl/api/devices/checkin" -TimeoutSec 30 \`
    -Headers @{ Authorization = "Bearer $CheckinToken" } -ContentType "application/json; charset=utf-8" \`
    -Body ([Text.Encoding]::UTF8.GetBytes($body))
  $answer | ConvertTo-Json -Compress
}

function Install-Checkin {
  New-Item -ItemType Directory -Force -Path (Split-Path $InstallPath) | Out-Null
  Copy-Item -Path $PSCommandPath -Destination $InstallPath -Force
  # Only SYSTEM and administrators may read the copy: it holds the token.
  icacls (Split-Path $InstallPath) /inheritance:r /grant:r "SYSTEM:(OI)(CI)F" "Administrators:(OI)(CI)F" | Out-Null
  $run = New-ScheduledTaskAction -Execute "powershell.exe" \`
    -Argument "-NoProfile -NonInteractive -ExecutionPolicy Bypass -File \`"$InstallPath\`" -Action Send"
  $daily = New-ScheduledTaskTrigger -Daily -At "10:00" -RandomDelay (New-TimeSpan -Hours 2)
  $startup = New-ScheduledTaskTrigger -AtStartup
  $startup.Delay = "PT5M"
  $settings = New-ScheduledTaskSettingsSet -StartWhenAvailable -ExecutionTimeLimit (New-TimeSpan -Minutes 10)
  Register-ScheduledTask -TaskName $TaskName -Action $run -Trigger $daily, $startup -Settings $settings \`
    -User "SYSTEM" -RunLevel Highest -Force | Out-Null
  "Installed: '$TaskName' runs daily and at start-up."
}

function Uninstall-Checkin {
  Unregister-ScheduledTask -TaskName $TaskName -Confirm:$false -ErrorAction SilentlyContinue
  Remove-Item -Recurse -Force -Path (Split-Path $InstallPath) -ErrorAction SilentlyContinue
  "Uninstalled."
}

switch ($Action) {
  "Send" { Send-Checkin }
  "Print" { ConvertTo-Json -InputObject (Get-Payload) -Depth 4 }
  "Install" { Install-Checkin }
  "Uninstall" { Uninstall-Checkin }
}
`;

/** `template` with `url` and `token` filled in; both are checked to be safe inside double quotes. */
function filled(template: string, url: string, token: string): string {
  if (!/^https?:\/\/[A-Za-z0-9.:[\]/_-]+$/.test(url)) throw new Error(`Unsafe URL for the script: ${url}`);
  if (!/^ckin_[A-Za-z0-9_-]+$/.test(token)) throw new Error("Unsafe token for the script");
  return template.replace("__CHECKIN_URL__", url.replace(/\/+$/, "")).replace("__CHECKIN_TOKEN__", token);
}

export const CHECKIN_SCRIPTS = {
  linux: {
    filename: "checkin.sh",
    contentType: "text/x-shellscript",
    fill: (url: string, token: string) => filled(BASH, url, token),
  },
  macos: {
    filename: "checkin.sh",
    contentType: "text/x-shellscript",
    fill: (url: string, token: string) => filled(BASH, url, token),
  },
  windows: {
    filename: "checkin.ps1",
    contentType: "text/plain",
    fill: (url: string, token: string) => filled(POWERSHELL, url, token),
  },
};
export type CheckinScriptPlatform = keyof typeof CHECKIN_SCRIPTS;
