package dev.orchestrator.providers;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * A one-script raw-socket HTTP server for odd upstream behaviour the scripted upstream does not
 * play: it reads one request per connection, writes the given pieces one flush at a time, and then
 * either closes or holds the connection open until the client leaves.
 */
final class RawServer implements AutoCloseable {
  private final ServerSocket server;
  private final Thread thread;
  private final List<byte[]> pieces;
  private final boolean holdOpen;
  private final List<String> requests = Collections.synchronizedList(new ArrayList<>());
  private volatile Socket current;

  private RawServer(List<byte[]> pieces, boolean holdOpen) throws IOException {
    this.pieces = pieces;
    this.holdOpen = holdOpen;
    this.server = new ServerSocket(0, 10, InetAddress.getLoopbackAddress());
    this.thread = new Thread(this::loop, "raw-test-server");
    thread.setDaemon(true);
    thread.start();
  }

  /** Answers every connection with {@code pieces}, then closes it. */
  static RawServer answering(List<byte[]> pieces) throws IOException {
    return new RawServer(pieces, false);
  }

  /** Answers with {@code pieces}, then keeps the connection open until the client leaves. */
  static RawServer answeringAndHolding(List<byte[]> pieces) throws IOException {
    return new RawServer(pieces, true);
  }

  /** An SSE response head with {@code Connection: close} framing. */
  static byte[] sseHead() {
    return bytes(
        "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nx-request-id: req_raw\r\n"
            + "Connection: close\r\n\r\n");
  }

  static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /** Splits {@code s}'s UTF-8 bytes into pieces of {@code size} bytes (cutting characters). */
  static List<byte[]> split(String s, int size) {
    byte[] all = bytes(s);
    List<byte[]> out = new ArrayList<>();
    for (int i = 0; i < all.length; i += size) {
      byte[] p = new byte[Math.min(size, all.length - i)];
      System.arraycopy(all, i, p, 0, p.length);
      out.add(p);
    }
    return out;
  }

  String baseUrl() {
    return "http://127.0.0.1:" + server.getLocalPort() + "/v1";
  }

  /** Request bodies received. */
  List<String> requests() {
    return List.copyOf(requests);
  }

  private void loop() {
    while (!server.isClosed()) {
      try (Socket s = server.accept()) {
        current = s;
        s.setTcpNoDelay(true);
        InputStream in = new BufferedInputStream(s.getInputStream());
        requests.add(readRequest(in));
        OutputStream out = s.getOutputStream();
        for (byte[] p : pieces) {
          out.write(p);
          out.flush();
        }
        if (holdOpen) {
          while (in.read() >= 0) {
            // until the client leaves
          }
        } else {
          s.shutdownOutput();
          s.setSoTimeout(1000);
          while (in.read() >= 0) {
            // drain so the close is a FIN, not a reset
          }
        }
      } catch (IOException e) {
        // next connection, or closed
      }
    }
  }

  private static String readRequest(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int state = 0;
    while (state < 4) {
      int b = in.read();
      if (b < 0) {
        throw new IOException("eof");
      }
      head.write(b);
      state =
          (b == '\r' && (state == 0 || state == 2)) || (b == '\n' && (state == 1 || state == 3))
              ? state + 1
              : (b == '\r' ? 1 : 0);
    }
    String h = head.toString(StandardCharsets.ISO_8859_1);
    int length = 0;
    for (String line : h.split("\r\n")) {
      if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
        length = Integer.parseInt(line.substring(15).trim());
      }
    }
    return new String(in.readNBytes(length), StandardCharsets.UTF_8);
  }

  @Override
  public void close() throws IOException {
    server.close();
    Socket s = current;
    if (s != null) {
      s.close();
    }
    thread.interrupt();
  }
}
