"""A reverse proxy in front of ``barbu serve``, as docs/server.md ("On an
open address") sets one up: Debian's nginx run by the test with the
documented site file (docs/deploy/nginx.conf), or Debian's caddy with the
documented Caddyfile, on free loopback ports, with a certificate of its
own made by ``openssl``; and ``barbu serve`` started with the flags of the
documented systemd unit (docs/deploy/barbu-serve.service).

Only what cannot be the same on a test machine is changed in the documented
files — the names, ports and paths of :data:`SITE` and the unit's port and
database — and each change must find its text, so that a file that no
longer says it fails the test instead of being run unchanged (Caddy's
are in :func:`documented_caddyfile`).  The nginx
that runs has a main configuration of the test's own (its pid file, logs
and temporary files in the test's folder) that includes the site file as
Debian's ``nginx.conf`` includes ``sites-enabled/``.

Every program comes from Debian (:data:`PROGRAMS` names its package); one
missing fails the test, saying which package to install."""

from __future__ import annotations

import http.client
import json
import os
import re
import shlex
import shutil
import signal
import socket
import ssl
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from server.helpers import ServerProcess, free_port

CHECKOUT = Path(__file__).resolve().parents[2]
DEPLOY = CHECKOUT / "docs" / "deploy"
NGINX_SITE = DEPLOY / "nginx.conf"
UNIT = DEPLOY / "barbu-serve.service"
CADDYFILE = DEPLOY / "Caddyfile"
SHARDS = DEPLOY / "nginx-shards.conf"

PROGRAMS = {"nginx": "nginx", "caddy": "caddy", "openssl": "openssl", "systemd-analyze": "systemd"}
"""Each program the proxy's tests run, and the Debian package it comes in."""


def need(*programs: str) -> dict[str, str]:
    """The path of each program; the test fails, naming the packages to install, when one is missing."""
    found = {program: shutil.which(program) or shutil.which(program, path="/usr/sbin:/sbin") for program in programs}
    missing = sorted({PROGRAMS[program] for program, path in found.items() if path is None})
    assert not missing, (f"this test needs the Debian packages {', '.join(missing)}: apt-get install "
                         f"--no-install-recommends {' '.join(missing)} (README.md's test command installs them)")
    return {program: str(path) for program, path in found.items()}


def ipv6_loopback() -> bool:
    """Whether this machine has the IPv6 loopback address (a container may not)."""
    try:
        with socket.socket(socket.AF_INET6) as sock:
            sock.bind(("::1", 0))
        return True
    except OSError:
        return False


def substitute(text: str, changes: dict[str, str], source: Path) -> str:
    """``text`` with each of ``changes`` made; every text changed must be there."""
    for old, new in changes.items():
        assert old in text, f"{source.relative_to(CHECKOUT)} no longer says {old!r}: update tests/server/proxy.py"
        text = text.replace(old, new)
    return text


def certificate(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 (openssl), and its key."""
    folder.mkdir(parents=True, exist_ok=True)
    cert, key = folder / "fullchain.pem", folder / "privkey.pem"
    subprocess.run([need("openssl")["openssl"], "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256",
                    "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                    "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True, timeout=60)
    return cert, key


def unit_command() -> list[str]:
    """The ``barbu serve`` arguments of the unit's ``ExecStart`` (after ``barbu``)."""
    line = next(line for line in UNIT.read_text(encoding="utf-8").splitlines() if line.startswith("ExecStart="))
    words = shlex.split(line.removeprefix("ExecStart="))
    assert words[0].endswith("/barbu") and words[1] == "serve", line
    return words[2:]


def unit_server(folder: Path, *more: str) -> ServerProcess:
    """``barbu serve`` with the unit's flags (and ``more``): its own port and database instead of 8000 and
    %S/barbu."""
    options = [*unit_command(), *more]
    for name, value in (("--port", "8000"), ("--db", "%S/barbu/tables.sqlite3")):
        at = options.index(name)
        assert options[at + 1] == value, options
        del options[at:at + 2]
    return ServerProcess(folder / "tables.sqlite3", options=tuple(options))


class Nginx:
    """Debian's nginx with a site file, on the test's ports."""

    def __init__(self, folder: Path, site: str):
        self.folder = folder
        self.folder.mkdir(parents=True, exist_ok=True)
        self.site = folder / "site.conf"
        self.site.write_text(site, encoding="utf-8")
        self.conf = folder / "nginx.conf"
        self.error_log = folder / "error.log"
        temp = "\n".join(f"    {kind}_temp_path {folder / kind};" for kind in ("client_body", "proxy", "fastcgi",
                                                                                "uwsgi", "scgi"))
        user = "user root;\n" if os.geteuid() == 0 else ""  # workers that may read the test's folders
        self.conf.write_text(f"""{user}daemon off;
worker_processes 1;
pid {folder / "nginx.pid"};
error_log {self.error_log} info;
events {{ worker_connections 256; }}
http {{
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log {folder / "access.log"};
{temp}
    include {self.site};
}}
""", encoding="utf-8")
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, ports: list[int]) -> Nginx:
        nginx = need("nginx")["nginx"]
        test = subprocess.run([nginx, "-t", "-p", str(self.folder), "-c", str(self.conf), "-e", str(self.error_log)],
                              capture_output=True, text=True, timeout=60)
        assert test.returncode == 0, test.stderr
        self.process = subprocess.Popen([nginx, "-p", str(self.folder), "-c", str(self.conf), "-e",
                                         str(self.error_log)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_to_listen(self.process, ports, self.errors)
        return self

    def errors(self) -> str:
        return self.error_log.read_text(errors="replace")[-3000:] if self.error_log.exists() else ""

    def access_log(self) -> str:
        """What the site's log says (its access_log, moved to the test's folder)."""
        return "".join(path.read_text(errors="replace") for path in sorted(self.folder.glob("logs/*.log")))

    def stop(self) -> None:
        stop(self.process, signal.SIGTERM)  # nginx's fast stop: open WebSockets are not waited for


class Caddy:
    """Debian's caddy with a Caddyfile, on the test's ports: its certificate
    the test's (Caddy would otherwise ask Let's Encrypt, or make a CA of its
    own and install it in the system's trust store), no admin endpoint, its
    files in the test's folder."""

    def __init__(self, folder: Path, caddyfile: str):
        self.folder = folder
        self.folder.mkdir(parents=True, exist_ok=True)
        self.caddyfile = folder / "Caddyfile"
        self.caddyfile.write_text(caddyfile, encoding="utf-8")
        self.log = folder / "caddy.log"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, ports: list[int]) -> Caddy:
        caddy = need("caddy")["caddy"]
        env = {**os.environ, "HOME": str(self.folder), "XDG_DATA_HOME": str(self.folder / "data"),
               "XDG_CONFIG_HOME": str(self.folder / "config")}
        command = [caddy, "run", "--config", str(self.caddyfile), "--adapter", "caddyfile"]
        with self.log.open("wb") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)
        wait_to_listen(self.process, ports, self.errors)
        return self

    def errors(self) -> str:
        return self.log.read_text(errors="replace")[-3000:] if self.log.exists() else ""

    def access_log(self) -> str:
        return ""  # none is kept

    def stop(self) -> None:
        stop(self.process, signal.SIGTERM)


def wait_to_listen(process: subprocess.Popen[bytes], ports: list[int], errors: Callable[[], str]) -> None:
    """Until ``process`` accepts connections on each of ``ports`` of 127.0.0.1."""
    deadline = time.monotonic() + 30
    name = Path(str(process.args[0] if isinstance(process.args, list) else process.args)).name
    for port in ports:
        while True:
            assert process.poll() is None, f"{name} stopped: " + errors()
            assert time.monotonic() < deadline, f"{name} did not listen: " + errors()
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.05)


def stop(process: subprocess.Popen[bytes] | None, how: signal.Signals) -> None:
    """``process`` stopped with ``how``, killed if it has not stopped within 15 seconds."""
    if process is not None and process.poll() is None:
        process.send_signal(how)
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


def site_changes(folder: Path, https: int, http: int, cert: Path) -> dict[str, str]:
    """What :func:`documented_site` changes in docs/deploy/nginx.conf: the server's name, ports, certificate and
    folders."""
    six = ipv6_loopback()
    (folder / "logs").mkdir(parents=True, exist_ok=True)
    (folder / "www").mkdir(parents=True, exist_ok=True)
    return {
        "/etc/letsencrypt/live/barbu.example.org/": f"{cert.parent}/",
        "server_name barbu.example.org;": "server_name 127.0.0.1;",
        "listen 443 ssl;": f"listen 127.0.0.1:{https} ssl;",
        "listen [::]:443 ssl;": f"listen [::1]:{https} ssl;" if six else "",
        "listen 80;": f"listen 127.0.0.1:{http};",
        "listen [::]:80;": f"listen [::1]:{http};" if six else "",
        "return 301 https://$host$request_uri;": f"return 301 https://$host:{https}$request_uri;",
        "/var/log/nginx/": f"{folder / 'logs'}/",
        "/var/www/html": str(folder / "www"),
    }


def documented_site(folder: Path, https: int, http: int, cert: Path, workers: list[int]) -> str:
    """docs/deploy/nginx.conf for the test's ports and folders, in front of
    the workers on ``workers`` (ports): one as the file says, or two as
    docs/deploy/nginx-shards.conf says (its upstreams and map in place of
    ``upstream barbu``, and ``proxy_pass http://$barbu_worker;``)."""
    text = NGINX_SITE.read_text(encoding="utf-8")
    if len(workers) == 1:
        text = substitute(text, {"server 127.0.0.1:8000;": f"server 127.0.0.1:{workers[0]};"}, NGINX_SITE)
    else:
        assert len(workers) == 2, "docs/deploy/nginx-shards.conf is for two workers"
        upstream = text[text.index("upstream barbu {"):]
        upstream = upstream[:upstream.index("}\n") + 2]
        shards = substitute(SHARDS.read_text(encoding="utf-8"), {
            "server 127.0.0.1:8000;": f"server 127.0.0.1:{workers[0]};",
            "server 127.0.0.1:8001;": f"server 127.0.0.1:{workers[1]};"}, SHARDS)
        text = substitute(text, {upstream: shards, "proxy_pass http://barbu;": "proxy_pass http://$barbu_worker;"},
                          NGINX_SITE)
    return substitute(text, site_changes(folder, https, http, cert), NGINX_SITE)


def documented_caddyfile(folder: Path, https: int, http: int, backend: int, cert: Path) -> str:
    """docs/deploy/Caddyfile for the test's ports and certificate (in a global options block of the test's)."""
    text = substitute(CADDYFILE.read_text(encoding="utf-8"), {
        "barbu.example.org {\n": f"127.0.0.1:{https} {{\n\ttls {cert} {cert.with_name('privkey.pem')}\n",
        "reverse_proxy 127.0.0.1:8000": f"reverse_proxy 127.0.0.1:{backend}",
    }, CADDYFILE)
    (folder / "data").mkdir(parents=True, exist_ok=True)
    return (f"{{\n\tadmin off\n\thttp_port {http}\n\thttps_port {https}\n\tstorage file_system {folder / 'data'}\n"
            f"\tskip_install_trust\n}}\n\n{text}")


def tls_context(cert: Path) -> ssl.SSLContext:
    """The test's own clients' TLS: the test's certificate alone is trusted,
    and checked.  At most TLS 1.2: websockets' sync client reads its socket
    in a thread of its own while another writes, and over TLS 1.3, whose
    server sends its session tickets after the handshake, one handshake in
    a hundred then waits for ever for its answer, and the others take half
    a second (neither with one thread, nor with websockets' asyncio client).
    The browser's pages speak TLS 1.3 to the same proxies."""
    context = ssl.create_default_context(cafile=str(cert))
    context.maximum_version = ssl.TLSVersion.TLSv1_2
    return context


class Proxied:
    """``barbu serve`` workers behind a proxy over HTTPS: the addresses a person's browser uses."""

    def __init__(self, proxy: Nginx | Caddy, https: int, http: int, cert: Path, workers: list[ServerProcess]):
        self.proxy, self.https_port, self.http_port, self.cert = proxy, https, http, cert
        self.workers = workers
        self.base = f"https://127.0.0.1:{https}"
        self.socket_base = f"wss://127.0.0.1:{https}"
        self.tls = tls_context(cert)

    def stop(self) -> None:
        self.proxy.stop()
        for worker in self.workers:
            worker.stop()


def start_proxied(folder: Path, workers: list[ServerProcess],
                  site: Callable[[Path, int, int, Path], str], proxy: type[Nginx | Caddy] = Nginx) -> Proxied:
    """The workers, then the proxy with ``site(folder, https, http, cert)`` in front of them."""
    cert, _ = certificate(folder / "tls")
    https, http = free_port(), free_port()
    started: list[ServerProcess] = []
    try:
        for worker in workers:
            started.append(worker.start())
        where = folder / proxy.__name__.lower()
        running = proxy(where, site(where, https, http, cert)).start([https, http])
    except BaseException:
        for worker in started:
            worker.stop()
        raise
    return Proxied(running, https, http, cert, workers)


def fetch(proxied: Proxied, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None,
          port: int | None = None) -> tuple[int, http.client.HTTPMessage, Any]:
    """One request through the proxy over HTTPS (or plain HTTP to ``port``)."""
    if port is None:
        connection: http.client.HTTPConnection = http.client.HTTPSConnection(
            "127.0.0.1", proxied.https_port, context=proxied.tls, timeout=30)
    else:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    data = None if body is None else body if isinstance(body, bytes) else json.dumps(body).encode()
    connection.request(method, path, body=data, headers=headers or {})
    response = connection.getresponse()
    text = response.read().decode()
    connection.close()
    try:
        answer: Any = json.loads(text)
    except ValueError:
        answer = text
    return response.status, response.headers, answer


def page_headers(proxied: Proxied) -> dict[str, str]:
    """What the page's own requests carry: JSON, and the page's origin."""
    return {"Content-Type": "application/json", "Origin": proxied.base}


def shown_tokens(text: str) -> list[str]:
    """The tokens a log line shows (43 URL-safe characters after token=, owner= or key)."""
    return re.findall(r"(?:token|owner)=[\w-]{20,}", text)
