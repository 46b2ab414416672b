package dev.orchestrator.benchmarks.load;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/**
 * A minimal blocking HTTP/1.1 POST over one kept-alive {@link Socket} per calling thread, for
 * {@link FloorProxy}'s {@code --socket-client} measurement only: it reads a status line, headers
 * and a {@code Content-Length} body, nothing else (no chunked answers, no redirects, no TLS, no
 * timeouts). Thread-safe by confinement: each thread has its own connection.
 */
final class SocketExchange {
  /** One answer: status, content type and body bytes. */
  record Answer(int status, String contentType, byte[] body) {}

  private final String host;
  private final int port;
  private final ThreadLocal<Connection> connections = new ThreadLocal<>();

  SocketExchange(URI upstream) {
    this.host = upstream.getHost();
    this.port = upstream.getPort();
  }

  /** POSTs {@code body} as JSON to {@code path} and reads the whole answer. */
  Answer post(String path, byte[] body) throws IOException {
    Connection c = connections.get();
    if (c == null) {
      Socket s = new Socket(host, port);
      s.setTcpNoDelay(true);
      c =
          new Connection(
              s, new BufferedInputStream(s.getInputStream(), 16384), s.getOutputStream());
      connections.set(c);
    }
    String head =
        "POST "
            + path
            + " HTTP/1.1\r\nHost: "
            + host
            + ":"
            + port
            + "\r\nContent-Type: application/json\r\nContent-Length: "
            + body.length
            + "\r\n\r\n";
    byte[] h = head.getBytes(StandardCharsets.US_ASCII);
    byte[] out = new byte[h.length + body.length];
    System.arraycopy(h, 0, out, 0, h.length);
    System.arraycopy(body, 0, out, h.length, body.length);
    c.out.write(out);
    c.out.flush();
    return read(c.in);
  }

  private static Answer read(InputStream in) throws IOException {
    String status = line(in);
    int code = Integer.parseInt(status.substring(9, 12));
    int length = -1;
    String type = "application/json";
    for (String l; !(l = line(in)).isEmpty(); ) {
      int colon = l.indexOf(':');
      String name = l.substring(0, colon).trim();
      String value = l.substring(colon + 1).trim();
      if (name.equalsIgnoreCase("content-length")) {
        length = Integer.parseInt(value);
      } else if (name.equalsIgnoreCase("content-type")) {
        type = value;
      }
    }
    if (length < 0) {
      throw new IOException("SocketExchange reads Content-Length answers only");
    }
    return new Answer(code, type, in.readNBytes(length));
  }

  private static String line(InputStream in) throws IOException {
    StringBuilder b = new StringBuilder(64);
    for (int c; (c = in.read()) != '\n'; ) {
      if (c < 0) {
        throw new IOException("upstream closed the connection");
      }
      if (c != '\r') {
        b.append((char) c);
      }
    }
    return b.toString();
  }

  private record Connection(Socket socket, InputStream in, OutputStream out) {}
}
