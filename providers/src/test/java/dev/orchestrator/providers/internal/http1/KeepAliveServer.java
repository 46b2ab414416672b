package dev.orchestrator.providers.internal.http1;

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
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * A raw-socket HTTP/1.1 server on 127.0.0.1 that keeps connections alive and answers each request
 * (numbered from 0 over all connections) as its script says: bytes to write, then whether to close.
 * Counts connections opened and closed by the client, and records request heads and bodies.
 */
final class KeepAliveServer implements AutoCloseable {
  /** What to do with one request. */
  record Answer(byte[] bytes, boolean closeAfter, boolean hold) {
    static Answer of(String raw) {
      return new Answer(raw.getBytes(StandardCharsets.ISO_8859_1), false, false);
    }

    static Answer thenClose(String raw) {
      return new Answer(raw.getBytes(StandardCharsets.ISO_8859_1), true, false);
    }

    /** Writes nothing and keeps the connection until the client leaves. */
    static Answer silence() {
      return new Answer(new byte[0], false, true);
    }
  }

  final AtomicInteger connections = new AtomicInteger();
  final AtomicInteger closedByClient = new AtomicInteger();

  /** One permit per connection the client closed. */
  final Semaphore clientCloses = new Semaphore(0);

  final List<String> heads = Collections.synchronizedList(new ArrayList<>());
  final List<String> bodies = Collections.synchronizedList(new ArrayList<>());
  final CountDownLatch requested = new CountDownLatch(1);
  private final AtomicInteger requests = new AtomicInteger();
  private final ServerSocket server;
  private final IntFunction<Answer> script;
  private final List<Socket> open = Collections.synchronizedList(new ArrayList<>());

  KeepAliveServer(IntFunction<Answer> script) throws IOException {
    this.script = script;
    this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread t = new Thread(this::accept, "keep-alive-server");
    t.setDaemon(true);
    t.start();
  }

  /** Answers every request with {@code raw}. */
  static KeepAliveServer always(String raw) throws IOException {
    return new KeepAliveServer(n -> Answer.of(raw));
  }

  String url() {
    return "http://127.0.0.1:" + server.getLocalPort() + "/v1/chat/completions";
  }

  private void accept() {
    while (!server.isClosed()) {
      try {
        Socket s = server.accept();
        connections.incrementAndGet();
        open.add(s);
        Thread t = new Thread(() -> serve(s), "keep-alive-server-conn");
        t.setDaemon(true);
        t.start();
      } catch (IOException e) {
        return;
      }
    }
  }

  private void serve(Socket s) {
    try (s) {
      s.setTcpNoDelay(true);
      InputStream in = new BufferedInputStream(s.getInputStream());
      OutputStream out = s.getOutputStream();
      while (true) {
        if (!readRequest(in)) {
          closedByClient.incrementAndGet();
          clientCloses.release();
          return;
        }
        requested.countDown();
        Answer a = script.apply(requests.getAndIncrement());
        out.write(a.bytes());
        out.flush();
        if (a.hold()) {
          while (in.read() >= 0) {
            // until the client leaves
          }
          closedByClient.incrementAndGet();
          clientCloses.release();
          return;
        }
        if (a.closeAfter()) {
          return;
        }
      }
    } catch (IOException e) {
      // the client left
    }
  }

  private boolean readRequest(InputStream in) throws IOException {
    String[] r = readRequest(in, heads);
    if (r == null) {
      return false;
    }
    bodies.add(r[1]);
    return true;
  }

  /**
   * Reads one request: its head (also added to {@code heads}) and its Content-Length body, or null
   * at the end of the connection.
   */
  static String[] readRequest(InputStream in, List<String> heads) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int state = 0;
    while (state < 4) {
      int b = in.read();
      if (b < 0) {
        return null;
      }
      head.write(b);
      state = b == (state % 2 == 0 ? '\r' : '\n') ? state + 1 : (b == '\r' ? 1 : 0);
    }
    String h = head.toString(StandardCharsets.ISO_8859_1);
    heads.add(h);
    int length = 0;
    for (String line : h.split("\r\n")) {
      if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
        length = Integer.parseInt(line.substring(15).trim());
      }
    }
    return new String[] {h, new String(in.readNBytes(length), StandardCharsets.UTF_8)};
  }

  @Override
  public void close() throws IOException {
    server.close();
    synchronized (open) {
      for (Socket s : open) {
        s.close();
      }
    }
  }
}
