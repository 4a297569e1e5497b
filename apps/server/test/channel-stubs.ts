import http from 'node:http';
import net from 'node:net';

/** One e-mail the SMTP stub took, its body decoded to text. */
export interface ReceivedMail {
  from: string;
  to: string[];
  headers: string;
  text: string;
}

export interface SmtpStub {
  url: string;
  mails: ReceivedMail[];
  /** `refuse`: every connection is greeted with 421 (the server is down for mail). */
  mode: 'accept' | 'refuse';
  close(): Promise<void>;
}

function decodeBody(headers: string, body: string): string {
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const soft = body.replace(/=\r?\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < soft.length; i += 1) {
      const hex = soft.slice(i + 1, i + 3);
      if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
        bytes.push(parseInt(hex, 16));
        i += 2;
      } else bytes.push(...Buffer.from(soft[i]!, 'utf8'));
    }
    return Buffer.from(bytes).toString('utf8');
  }
  return body;
}

/** A tiny SMTP server on 127.0.0.1 (no TLS, no auth): enough for nodemailer to hand it a mail. */
export async function startSmtpStub(): Promise<SmtpStub> {
  const stub: SmtpStub = { url: '', mails: [], mode: 'accept', close: async () => undefined };
  const server = net.createServer((socket) => {
    if (stub.mode === 'refuse') {
      socket.end('421 try again later\r\n');
      return;
    }
    let buffer = '';
    let inData = false;
    let mail: Omit<ReceivedMail, 'headers' | 'text'> = { from: '', to: [] };
    socket.write('220 stub ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const data = buffer.slice(0, end).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          const split = data.indexOf('\r\n\r\n');
          const headers = data.slice(0, split);
          stub.mails.push({ ...mail, headers, text: decodeBody(headers, data.slice(split + 4)) });
          mail = { from: '', to: [] };
          socket.write('250 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 stub\r\n');
        else if (verb === 'MAIL') {
          mail.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          socket.write('250 ok\r\n');
        } else if (verb === 'RCPT') {
          mail.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          socket.write('250 ok\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  stub.url = `smtp://127.0.0.1:${port}`;
  stub.close = () => new Promise((resolve) => server.close(() => resolve()));
  return stub;
}

export interface WebhookStub {
  url: string;
  /** The JSON bodies it was posted. */
  posts: unknown[];
  /** The HTTP status it answers (500: the bot is down). */
  status: number;
  close(): Promise<void>;
}

/** A group-chat bot on 127.0.0.1 that keeps what it is posted. */
export async function startWebhookStub(): Promise<WebhookStub> {
  const stub: WebhookStub = { url: '', posts: [], status: 200, close: async () => undefined };
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      if (stub.status === 200) stub.posts.push(JSON.parse(body));
      response.writeHead(stub.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ errcode: 0 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  stub.url = `http://127.0.0.1:${port}/hook`;
  stub.close = () => new Promise((resolve) => server.close(() => resolve()));
  return stub;
}
