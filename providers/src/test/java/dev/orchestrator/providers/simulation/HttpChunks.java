package dev.orchestrator.providers.simulation;

import java.nio.charset.StandardCharsets;

/**
 * HTTP/1.1 chunked transfer coding (RFC 9112 §7.1) for the hand-written loopback upstreams of the
 * tests that need control over every write. Stateless and thread-safe.
 */
public final class HttpChunks {
  private HttpChunks() {}

  /** {@code text} in UTF-8 as one chunk: its size in hex, CRLF, the bytes, CRLF. */
  public static byte[] chunk(String text) {
    byte[] data = text.getBytes(StandardCharsets.UTF_8);
    byte[] head = (Integer.toHexString(data.length) + "\r\n").getBytes(StandardCharsets.US_ASCII);
    byte[] out = new byte[head.length + data.length + 2];
    System.arraycopy(head, 0, out, 0, head.length);
    System.arraycopy(data, 0, out, head.length, data.length);
    out[out.length - 2] = '\r';
    out[out.length - 1] = '\n';
    return out;
  }
}
