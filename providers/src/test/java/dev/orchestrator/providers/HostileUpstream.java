package dev.orchestrator.providers;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ServerSocketFactory;

/**
 * A loopback upstream that misbehaves on purpose: each accepted connection runs a {@link Behaviour}
 * on its own thread (named {@value #THREAD_PREFIX}…), which reads request heads with {@link
 * #readRequest} and writes whatever raw bytes it likes. It counts the connections it accepted,
 * those still open, and the requests it read, so a test can tell whether the client reused, retried
 * or left a socket behind.
 */
final class HostileUpstream implements AutoCloseable {
  static final String THREAD_PREFIX = "hostile-upstream-";

  /** What one connection does; {@code c} is this upstream, to read requests with. */
  @FunctionalInterface
  interface Behaviour {
    void serve(HostileUpstream c, Socket s) throws Exception;
  }

  private final ServerSocket server;
  private final Behaviour behaviour;
  private final Set<Socket> open = ConcurrentHashMap.newKeySet();
  private final AtomicInteger accepted = new AtomicInteger();
  private final AtomicInteger requests = new AtomicInteger();
  private final Thread acceptor;
  private final CountDownLatch released = new CountDownLatch(1);

  private HostileUpstream(ServerSocket server, Behaviour behaviour) {
    this.server = server;
    this.behaviour = behaviour;
    this.acceptor = new Thread(this::accept, THREAD_PREFIX + "accept");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  /** A plain-HTTP upstream on 127.0.0.1. */
  static HostileUpstream start(Behaviour behaviour) throws IOException {
    return start(ServerSocketFactory.getDefault(), behaviour);
  }

  /** An upstream on 127.0.0.1 whose server socket comes from {@code factory} (e.g. TLS). */
  static HostileUpstream start(ServerSocketFactory factory, Behaviour behaviour)
      throws IOException {
    return new HostileUpstream(
        factory.createServerSocket(0, 50, InetAddress.getLoopbackAddress()), behaviour);
  }

  int port() {
    return server.getLocalPort();
  }

  /** Connections accepted so far. */
  int accepted() {
    return accepted.get();
  }

  /** Connections not yet closed by either side (as far as this side has noticed). */
  int openConnections() {
    return open.size();
  }

  /** Stops reading and writing until {@link #release} or {@link #close}. */
  void stall() throws InterruptedException {
    released.await();
  }

  /** Ends every {@link #stall}: the connection's thread then waits for the client to close. */
  void release() {
    released.countDown();
  }

  /** Request heads read so far. */
  int requests() {
    return requests.get();
  }

  private void accept() {
    while (!server.isClosed()) {
      Socket s;
      try {
        s = server.accept();
      } catch (IOException e) {
        return;
      }
      accepted.incrementAndGet();
      open.add(s);
      Thread t =
          new Thread(
              () -> {
                try (s) {
                  behaviour.serve(this, s);
                  // Wait for the client to close, so that a socket it leaves open shows.
                  s.setSoTimeout(0);
                  InputStream in = s.getInputStream();
                  while (in.read(new byte[8192]) >= 0) {
                    // discard
                  }
                } catch (Exception gone) {
                  // the client closed or reset the connection
                } finally {
                  open.remove(s);
                }
              },
              THREAD_PREFIX + accepted.get());
      t.setDaemon(true);
      t.start();
    }
  }

  /**
   * Reads one request: its head and, when {@code withBody}, its {@code Content-Length} body
   * (discarded); returns the declared length, or -1 at end of stream.
   */
  long readRequest(Socket s, boolean withBody) throws IOException {
    InputStream in = s.getInputStream();
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int matched = 0;
    while (matched < 4) {
      int b = in.read();
      if (b < 0) {
        return -1;
      }
      head.write(b);
      matched = (b == (matched % 2 == 0 ? '\r' : '\n')) ? matched + 1 : (b == '\r' ? 1 : 0);
    }
    requests.incrementAndGet();
    long length = 0;
    for (String line : head.toString(StandardCharsets.ISO_8859_1).split("\r\n")) {
      if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
        length = Long.parseLong(line.substring(15).trim());
      }
    }
    if (withBody) {
      in.skipNBytes(length);
    }
    return length;
  }

  /** Writes {@code text} (ISO-8859-1) and flushes. */
  static void write(Socket s, String text) throws IOException {
    OutputStream out = s.getOutputStream();
    out.write(text.getBytes(StandardCharsets.ISO_8859_1));
    out.flush();
  }

  @Override
  public void close() throws IOException {
    released.countDown();
    server.close();
    for (Socket s : open) {
      s.close();
    }
  }
}
