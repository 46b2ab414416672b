package dev.orchestrator.serve;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * HTTP/1.1 over a plain socket, for tests about what happens to the connection itself: requests
 * written byte for byte as a client sends them, answers read by their {@code Content-Length}.
 */
final class RawHttp {
  private RawHttp() {}

  /** Writes {@code request} as it is. */
  static void send(Socket s, String request) throws IOException {
    s.getOutputStream().write(request.getBytes(StandardCharsets.UTF_8));
    s.getOutputStream().flush();
  }

  /** A {@code GET} as curl, Prometheus or an SDK sends it: no {@code Content-Length}, no body. */
  static String get(String path) {
    return "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: */*\r\n\r\n";
  }

  /** A {@code POST} of {@code body} with its {@code Content-Length}. */
  static String post(String path, String body, String headers) {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    return "POST "
        + path
        + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        + headers
        + "Content-Length: "
        + bytes.length
        + "\r\n\r\n"
        + body;
  }

  /**
   * One whole answer with a {@code Content-Length}, read from the connection (at most 10 s): its
   * head, then its body.
   *
   * @throws IOException when the server closes the connection before a whole answer
   */
  static String answer(Socket s) throws IOException {
    s.setSoTimeout(10_000);
    InputStream in = s.getInputStream();
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
      int b = in.read();
      if (b < 0) {
        throw new IOException(
            "connection closed after " + head.toString(StandardCharsets.ISO_8859_1));
      }
      head.write(b);
    }
    String h = head.toString(StandardCharsets.ISO_8859_1);
    int length = 0;
    for (String line : h.split("\r\n")) {
      if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
        length = Integer.parseInt(line.substring("content-length:".length()).trim());
      }
    }
    byte[] body = in.readNBytes(length);
    if (body.length < length) {
      throw new IOException("connection closed in the body of " + h);
    }
    return h + new String(body, StandardCharsets.UTF_8);
  }

  /** The value of header {@code name} in {@code answer}'s head, or {@code null}. */
  static String header(String answer, String name) {
    String head = answer.substring(0, answer.indexOf("\r\n\r\n"));
    for (String line : head.split("\r\n")) {
      int colon = line.indexOf(':');
      if (colon > 0 && line.substring(0, colon).trim().equalsIgnoreCase(name)) {
        return line.substring(colon + 1).trim();
      }
    }
    return null;
  }

  /** Everything the server sends until it closes the connection (at most 10 s). */
  static String untilClosed(Socket s) throws IOException {
    s.setSoTimeout(10_000);
    return new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
  }
}
