// The floor of the contact submission path: what Node and PostgreSQL do with
// nothing else in the way. A bare node:http server takes the same urlencoded
// body the contact form posts and writes the same rows the site writes for it
// (the submission, its message and its two outbox mails) in one transaction
// with pg. No framework, no checks beyond the required fields, no rate limit,
// no mail delivery: the benchmark prints the site's figures beside these.
//
// Usage: startFloorServer({ port, databaseUrl }) -> { url, stop() }
import { createServer } from "node:http";
import pg from "pg";

const REQUIRED = ["firstName", "lastName", "email", "message"];

export async function startFloorServer({ port, databaseUrl, poolSize = 10, companyEmail = "inbox@company.example" }) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  pool.on("error", () => {});

  async function store(fields) {
    const client = await pool.connect();
    try {
      await client.query("begin");
      const inserted = await client.query(
        `insert into submissions (kind, first_name, last_name, email, client_key) values ('contact', $1, $2, $3, $4)
         on conflict (client_key) do nothing returning id`,
        [fields.firstName, fields.lastName, fields.email, fields.clientKey || null],
      );
      const id = inserted.rows[0]?.id;
      if (id) {
        await client.query("insert into contact_messages (submission_id, company, message) values ($1, $2, $3)", [id, fields.company || null, fields.message]);
        await client.query(
          `insert into outbox (submission_id, purpose, "to", reply_to, subject, text) values
             ($1, 'contact.notification', $2, $3, $4, $5), ($1, 'contact.confirmation', $3, $2, 'We received your message', $6)`,
          [id, companyEmail, fields.email, `Contact message from ${fields.firstName} ${fields.lastName}`, `${fields.firstName} ${fields.lastName}\n${fields.email}\n\n${fields.message}\n`, `Hello ${fields.firstName},\n\nWe received your message.\n`],
        );
      }
      await client.query("commit");
    } catch (error) {
      await client.query("rollback").catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  const server = createServer((req, res) => {
    if (req.method !== "POST" || req.url !== "/contact") {
      res.writeHead(404).end();
      return;
    }
    const chunks = [];
    let size = 0;
    req.on("data", (chunk) => {
      size += chunk.length;
      if (size > 64 * 1024) req.destroy();
      else chunks.push(chunk);
    });
    req.on("end", () => {
      const fields = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
      if (REQUIRED.some((name) => !fields[name]?.trim())) {
        res.writeHead(400, { "content-type": "application/json" }).end('{"ok":false}');
        return;
      }
      store(fields).then(
        () => res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}'),
        () => res.writeHead(503, { "content-type": "application/json" }).end('{"ok":false}'),
      );
    });
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await new Promise((resolve) => server.close(resolve));
      await pool.end();
    },
  };
}

// Run on its own (a process of its own, as the site's server is): node scripts/lib/floor-server.mjs PORT DATABASE_URL
if (import.meta.url === `file://${process.argv[1]}`) {
  const [port, databaseUrl] = process.argv.slice(2);
  const floor = await startFloorServer({ port: Number(port), databaseUrl });
  console.log(`floor server on ${floor.url}`);
  process.on("SIGTERM", () => floor.stop().then(() => process.exit(0)));
}
