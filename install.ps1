# draftcli installer for Windows (PowerShell 5.1 or 7+).
#
#   irm https://github.com/draftcli/draftcli/releases/latest/download/install.ps1 | iex
#
# Downloads the x64 Windows binary and SHA256SUMS from the release, verifies the checksum,
# installs draftcli.exe into $env:DRAFTCLI_INSTALL_DIR (default %LOCALAPPDATA%\draftcli\bin) and
# adds that folder to the user PATH. No administrator rights needed.
#
# Uninstall (removes draftcli.exe only):
#   & ([scriptblock]::Create((irm https://github.com/draftcli/draftcli/releases/latest/download/install.ps1))) -Uninstall
#
# Environment:
#   DRAFTCLI_VERSION         release to install, e.g. 1.2.3 or v1.2.3 (default: the latest)
#   DRAFTCLI_INSTALL_DIR     folder to install into
#   DRAFTCLI_INSTALL_BASE    folder URL that directly holds the release assets; DRAFTCLI_VERSION
#                            rewrites a base ending in /latest/download into .../download/v<version>
#   DRAFTCLI_NO_MODIFY_PATH  set to 1 to leave the user PATH alone
#
# Keep this file ASCII-only: Windows PowerShell 5.1 reads scripts without a BOM as ANSI.

param(
  [switch]$Uninstall,
  [switch]$Help
)

# Everything runs inside one script block so that `irm ... | iex` leaves no functions or
# preference changes behind in the caller's session.
& {
  param([bool]$Uninstall, [bool]$Help, [bool]$FromFile)

  $Repo = 'draftcli/draftcli'
  $DefaultBase = "https://github.com/$Repo/releases/latest/download"
  $Target = 'x86_64-pc-windows-msvc'

  $ErrorActionPreference = 'Stop'
  $ProgressPreference = 'SilentlyContinue' # the progress bar makes downloads very slow on 5.1

  function Say([string]$Message) {
    Write-Host $Message
  }

  function Show-Usage {
    Say 'draftcli installer (Windows)'
    Say ''
    Say "  irm $DefaultBase/install.ps1 | iex"
    Say '  .\install.ps1 [-Uninstall] [-Help]'
    Say ''
    Say '  -Uninstall  remove the installed draftcli.exe (only that file)'
    Say '  -Help       show this text'
    Say ''
    Say 'environment:'
    Say '  DRAFTCLI_VERSION         release to install, e.g. 1.2.3 or v1.2.3 (default: the latest)'
    Say '  DRAFTCLI_INSTALL_DIR     folder to install into (default: %LOCALAPPDATA%\draftcli\bin)'
    Say '  DRAFTCLI_INSTALL_BASE    folder URL that directly holds the release assets'
    Say "                           (default: $DefaultBase)"
    Say '                           DRAFTCLI_VERSION rewrites a base ending in /latest/download'
    Say "                           into .../download/v<version> (GitHub's layout); any other base"
    Say '                           is used as is.'
    Say '  DRAFTCLI_NO_MODIFY_PATH  set to 1 to leave the user PATH alone'
  }

  # Checks that this is 64-bit Windows; arm64 runs the x64 build under emulation.
  function Assert-Platform {
    if ($PSVersionTable.PSEdition -eq 'Core' -and -not $IsWindows) {
      throw "this installer is for Windows; on Linux and macOS run: curl -fsSL $DefaultBase/install.sh | bash"
    }
    $arch = $null
    try {
      $arch = [string][System.Runtime.InteropServices.RuntimeInformation]::OSArchitecture
    } catch {
      $arch = $null
    }
    if (-not $arch) {
      $arch = $env:PROCESSOR_ARCHITEW6432
      if (-not $arch) { $arch = $env:PROCESSOR_ARCHITECTURE }
    }
    $arch = ([string]$arch).ToUpperInvariant()
    if ($arch -eq 'X64' -or $arch -eq 'AMD64') { return }
    if ($arch -eq 'ARM64') {
      Say 'note: Windows on arm64: installing the x64 build, which runs under x64 emulation'
      return
    }
    throw "unsupported CPU architecture: $arch (draftcli ships a 64-bit x64 build for Windows)"
  }

  # Returns @(base URL holding the assets, tag or '').
  function Resolve-Base {
    $base = $env:DRAFTCLI_INSTALL_BASE
    if (-not $base) { $base = $DefaultBase }
    $base = $base.TrimEnd('/')
    $version = $env:DRAFTCLI_VERSION
    if (-not $version -or $version -eq 'latest') { return @($base, '') }
    $tag = $version
    if (-not $tag.StartsWith('v')) { $tag = "v$version" }
    if ($tag -cnotmatch '^v[0-9][0-9A-Za-z.+-]*$') {
      throw "DRAFTCLI_VERSION must look like 1.2.3 or v1.2.3 (got: $version)"
    }
    $suffix = '/latest/download'
    if ($base.EndsWith($suffix)) {
      $base = $base.Substring(0, $base.Length - $suffix.Length) + "/download/$tag"
    } else {
      Say "note: DRAFTCLI_INSTALL_BASE is used as is; it must hold the $tag assets"
    }
    return @($base, $tag)
  }

  function Get-InstallDir {
    if ($env:DRAFTCLI_INSTALL_DIR) { return $env:DRAFTCLI_INSTALL_DIR.TrimEnd([char]'\', [char]'/') }
    if (-not $env:LOCALAPPDATA) {
      throw 'LOCALAPPDATA is not set; set DRAFTCLI_INSTALL_DIR to the folder to install into'
    }
    return (Join-Path $env:LOCALAPPDATA 'draftcli\bin')
  }

  # Downloads Url into Path, or throws a message naming the URL.
  function Save-Url([string]$Url, [string]$Path) {
    try {
      Invoke-WebRequest -Uri $Url -OutFile $Path -UseBasicParsing
    } catch {
      $failure = $_.Exception
      $status = $null
      $response = $failure.Response
      if ($response) {
        try { $status = [int]$response.StatusCode } catch { $status = $null }
      }
      if ($status -eq 404) {
        throw "could not download ${Url}: HTTP 404 Not Found (no such release or asset; check DRAFTCLI_VERSION and DRAFTCLI_INSTALL_BASE)"
      }
      if ($status) { throw "could not download ${Url}: HTTP $status" }
      throw "could not download ${Url}: network failure ($($failure.Message))"
    }
  }

  # Adds Dir to the user PATH in the registry when missing; returns $true when it was added.
  function Add-UserPath([string]$Dir) {
    $key = [Microsoft.Win32.Registry]::CurrentUser.CreateSubKey('Environment')
    try {
      $current = [string]$key.GetValue('Path', '', [Microsoft.Win32.RegistryValueOptions]::DoNotExpandEnvironmentNames)
      $entries = @($current -split ';' | Where-Object { $_ -ne '' })
      foreach ($entry in $entries) {
        $expanded = [Environment]::ExpandEnvironmentVariables($entry).TrimEnd('\')
        if ($expanded -ieq $Dir.TrimEnd('\')) { return $false }
      }
      $key.SetValue('Path', (($entries + $Dir) -join ';'), [Microsoft.Win32.RegistryValueKind]::ExpandString)
    } finally {
      $key.Close()
    }
    # Writing through [Environment] broadcasts WM_SETTINGCHANGE, so new terminals see the PATH.
    [Environment]::SetEnvironmentVariable('DRAFTCLI_INSTALL_REFRESH', '1', 'User')
    [Environment]::SetEnvironmentVariable('DRAFTCLI_INSTALL_REFRESH', $null, 'User')
    return $true
  }

  function Invoke-Uninstall {
    $exe = Join-Path (Get-InstallDir) 'draftcli.exe'
    if (Test-Path -LiteralPath $exe) {
      Remove-Item -LiteralPath $exe -Force
      Say "removed $exe"
      Say 'The folder stays on your user PATH; remove it there if you no longer want it.'
    } else {
      Say "nothing to remove: $exe does not exist"
    }
  }

  function Invoke-Install {
    Assert-Platform
    $resolved = Resolve-Base
    $base = $resolved[0]
    $tag = $resolved[1]
    $asset = "draftcli-$Target.exe"
    $dir = Get-InstallDir

    if ($PSVersionTable.PSVersion.Major -lt 6) {
      # Windows PowerShell 5.1 may not offer TLS 1.2 by default.
      [Net.ServicePointManager]::SecurityProtocol = [Net.ServicePointManager]::SecurityProtocol -bor [Net.SecurityProtocolType]::Tls12
    }

    $tmp = Join-Path ([System.IO.Path]::GetTempPath()) ('draftcli-install-' + [guid]::NewGuid().ToString('N'))
    New-Item -ItemType Directory -Path $tmp | Out-Null
    try {
      $label = $asset
      if ($tag) { $label = "$asset ($tag)" }
      Say "downloading $label from $base"
      $binTmp = Join-Path $tmp $asset
      $sumsTmp = Join-Path $tmp 'SHA256SUMS'
      Save-Url "$base/$asset" $binTmp
      Save-Url "$base/SHA256SUMS" $sumsTmp

      $expected = $null
      foreach ($line in (Get-Content -LiteralPath $sumsTmp)) {
        if ($line -match '^([0-9A-Fa-f]{64}) [ *](.+?)\s*$' -and $Matches[2] -eq $asset) {
          $expected = $Matches[1].ToLowerInvariant()
          break
        }
      }
      if (-not $expected) { throw "$base/SHA256SUMS has no line for $asset; nothing installed" }
      $actual = (Get-FileHash -Algorithm SHA256 -LiteralPath $binTmp).Hash.ToLowerInvariant()
      if ($actual -ne $expected) {
        throw "checksum mismatch for $asset (expected $expected, got $actual); nothing installed"
      }
      Say "checksum verified (sha256 $actual)"

      New-Item -ItemType Directory -Force -Path $dir | Out-Null
      $dir = (Resolve-Path -LiteralPath $dir).ProviderPath
      $exe = Join-Path $dir 'draftcli.exe'
      # Stage beside the target, then move it into place in one step.
      $staged = Join-Path $dir ".draftcli.install.$PID.exe"
      Copy-Item -LiteralPath $binTmp -Destination $staged -Force
      try {
        Move-Item -LiteralPath $staged -Destination $exe -Force
      } catch {
        $failure = $_.Exception
        Remove-Item -LiteralPath $staged -Force -ErrorAction SilentlyContinue
        throw "could not replace ${exe} (is draftcli running?): $($failure.Message)"
      }
      Say "installed $exe"
    } finally {
      Remove-Item -LiteralPath $tmp -Recurse -Force -ErrorAction SilentlyContinue
    }

    if ($env:DRAFTCLI_NO_MODIFY_PATH -eq '1') {
      Say "DRAFTCLI_NO_MODIFY_PATH=1: add $dir to your PATH yourself to run draftcli by name"
    } elseif (Add-UserPath $dir) {
      Say "added $dir to your user PATH; open a new terminal to use it"
    }
    $onSessionPath = @($env:Path -split ';' | Where-Object { $_.TrimEnd('\') -ieq $dir })
    if ($onSessionPath.Count -eq 0) { $env:Path = "$dir;$env:Path" }

    $versionLine = & $exe --version
    if ($LASTEXITCODE -ne 0) {
      throw "$exe is installed but does not run here (exit $LASTEXITCODE); remove it with -Uninstall"
    }
    Say "$versionLine"
    if ($tag -and -not ("$versionLine" -match (' ' + [regex]::Escape($tag.Substring(1)) + '( |$)'))) {
      Say "warning: asked for $tag but the installed binary reports: $versionLine"
    }
  }

  try {
    if ($Help) {
      Show-Usage
    } elseif ($Uninstall) {
      Invoke-Uninstall
    } else {
      Invoke-Install
    }
  } catch {
    Write-Host "draftcli install: error: $($_.Exception.Message)" -ForegroundColor Red
    if ($FromFile) { exit 1 }
    # Run through `irm | iex`: `exit` would close the caller's window; fail the pipeline instead.
    throw 'draftcli install failed (see the error above)'
  }
} $Uninstall.IsPresent $Help.IsPresent ([bool]$PSCommandPath)
