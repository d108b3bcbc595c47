/**
 * The nginx site that puts several API processes behind one address: the block docs/deploy.md shows for a real
 * server and the one the multi-process test and `npm run bench:load` run (inside a throwaway `http {}`).
 */
export function nginxSite(opts: { listen: string; upstreams: string[] }): string {
  const servers = opts.upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=5s;`).join('\n');
  return `upstream orderbridge_api {
${servers}
    keepalive 32;
}

server {
    listen ${opts.listen};
    # Uploads are at most 10 MB; the multipart framing comes on top.
    client_max_body_size 12m;

    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $host;
    # The client's address, for the per-address limits (TRUST_PROXY lets the API believe this proxy).
    proxy_set_header X-Forwarded-For $remote_addr;
    proxy_set_header X-Forwarded-Proto $scheme;
    # A process that is gone (refused or cut connection) or draining (the 503 it answers after SIGTERM) is
    # skipped; nginx never sends a POST/PATCH/DELETE on to a second API once the first has received it.
    proxy_next_upstream error timeout http_503;
    proxy_next_upstream_tries 2;

    location / {
        proxy_pass http://orderbridge_api;
    }

    # The live event stream (Server-Sent Events): every event goes out as it is written.
    location ~* ^/api/notifications/stream$ {
        proxy_pass http://orderbridge_api;
        proxy_buffering off;
        proxy_cache off;
        proxy_read_timeout 1h;
    }
}
`;
}
