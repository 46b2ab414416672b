package dev.orchestrator.providers.simulation;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * The listening side of a hand-written loopback HTTP server ({@link ScriptedUpstream}, the
 * benchmarks' loopback upstream): a server socket on 127.0.0.1 with an accept thread, at most a
 * given number of open connections (more are closed on accept), and one daemon thread per
 * connection that runs the server's handler and then closes the connection. Closing closes the
 * listener and every connection and waits about two seconds at most for the threads. Thread-safe.
 */
public final class LoopbackListener implements AutoCloseable {
  private static final long CLOSE_WAIT_MS = 2000;

  private final ServerSocket server;
  private final int maxConnections;
  private final String name;
  private final Consumer<Socket> handler;
  private final Thread acceptor;
  private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
  private final Set<Thread> threads = ConcurrentHashMap.newKeySet();
  private final AtomicInteger accepted = new AtomicInteger();
  private volatile boolean closed;

  private LoopbackListener(
      ServerSocket server, int maxConnections, String name, Consumer<Socket> handler) {
    this.server = server;
    this.maxConnections = maxConnections;
    this.name = name;
    this.handler = handler;
    this.acceptor = new Thread(this::acceptLoop, name + "-accept-" + server.getLocalPort());
    acceptor.setDaemon(true);
    acceptor.start();
  }

  /**
   * Listens and accepts.
   *
   * @param port the port on 127.0.0.1, or 0 for an ephemeral one
   * @param backlog the listen backlog
   * @param maxConnections the most connections open at once
   * @param name the prefix of the threads' names
   * @param handler serves one connection until it returns; the connection is closed after it
   * @throws UncheckedIOException when the port cannot be bound
   */
  public static LoopbackListener start(
      int port, int backlog, int maxConnections, String name, Consumer<Socket> handler) {
    try {
      return new LoopbackListener(
          new ServerSocket(port, backlog, InetAddress.getLoopbackAddress()),
          maxConnections,
          name,
          handler);
    } catch (IOException e) {
      throw new UncheckedIOException(name + ": cannot bind 127.0.0.1:" + port, e);
    }
  }

  /** The port it listens on. */
  public int port() {
    return server.getLocalPort();
  }

  /** Connections accepted and served since the start. */
  public int acceptedConnections() {
    return accepted.get();
  }

  /** Connections open now. */
  public int openConnections() {
    return sockets.size();
  }

  /** Closes the listener and every connection and waits for the threads; idempotent. */
  @Override
  public void close() {
    closed = true;
    closeQuietly(server);
    for (Socket s : sockets) {
      closeQuietly(s);
    }
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(CLOSE_WAIT_MS);
    List<Thread> all = new ArrayList<>(threads);
    all.add(acceptor);
    for (Thread t : all) {
      t.interrupt();
    }
    for (Thread t : all) {
      long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
      if (left <= 0) {
        break;
      }
      try {
        t.join(left);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  private void acceptLoop() {
    while (!closed) {
      Socket s;
      try {
        s = server.accept();
      } catch (IOException e) {
        return; // closed
      }
      if (closed || sockets.size() >= maxConnections) {
        closeQuietly(s);
        continue;
      }
      sockets.add(s);
      Thread t =
          new Thread(
              () -> serve(s),
              name + "-conn-" + server.getLocalPort() + "-" + accepted.incrementAndGet());
      t.setDaemon(true);
      threads.add(t);
      t.start();
    }
  }

  private void serve(Socket s) {
    try {
      handler.accept(s);
    } finally {
      closeQuietly(s);
      sockets.remove(s);
      threads.remove(Thread.currentThread());
    }
  }

  /** Closes {@code c}, ignoring a failure (best effort). */
  static void closeQuietly(AutoCloseable c) {
    try {
      c.close();
    } catch (Exception ignored) {
      // best effort
    }
  }
}
