package dev.orchestrator.serve.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link DisconnectWatch} on real loopback sockets, the server's end non-blocking as Jetty's is: a
 * peer that leaves is seen, whether the watch's thread was passing or parked; a connection that
 * stays, request after request with each request's watch stopped as the next begins (keep-alive),
 * is never taken for gone; a request that ends before the arm delay never touches the selector. The
 * delays are chosen per test (none, or an hour), so no outcome depends on the machine's pace.
 */
class DisconnectWatchTest {
  private static final long PATIENCE_SECONDS = 20;

  private ServerSocketChannel listener;
  private DisconnectWatch watch;

  @BeforeEach
  void open() throws IOException {
    listener = ServerSocketChannel.open();
    listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
    watch = DisconnectWatch.start(Duration.ZERO, Duration.ZERO);
  }

  @AfterEach
  void close() throws IOException {
    watch.close();
    listener.close();
  }

  /** A client connection and the server's non-blocking end of it. */
  private record Pair(SocketChannel client, SocketChannel server) implements AutoCloseable {
    @Override
    public void close() throws IOException {
      client.close();
      server.close();
    }
  }

  private Pair connect() throws IOException {
    SocketChannel client = SocketChannel.open(listener.getLocalAddress());
    SocketChannel server = listener.accept();
    server.configureBlocking(false);
    return new Pair(client, server);
  }

  /** The client sends a request line and the server reads all of it, as Jetty would. */
  private static void request(Pair p, int i) throws IOException {
    byte[] line = ("request " + i + "\n").getBytes(StandardCharsets.US_ASCII);
    p.client().write(ByteBuffer.wrap(line));
    ByteBuffer in = ByteBuffer.allocate(line.length);
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(PATIENCE_SECONDS);
    while (in.hasRemaining()) {
      assertThat(p.server().read(in)).isNotNegative();
      assertThat(System.nanoTime() - end).isNegative();
      Thread.onSpinWait();
    }
  }

  private static boolean eventually(BooleanSupplier condition) {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(PATIENCE_SECONDS);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() - end > 0) {
        return false;
      }
      Thread.onSpinWait();
    }
    return true;
  }

  @Test
  void aPeerThatLeavesIsSeenByTheFirstWatchOfAnIdleThread() throws Exception {
    assertThat(eventually(watch::parked)).isTrue();
    try (Pair p = connect()) {
      request(p, 0);
      CountDownLatch gone = new CountDownLatch(1);
      AutoCloseable w = watch.watch(p.server(), gone::countDown);
      try {
        p.client().close();
        assertThat(gone.await(PATIENCE_SECONDS, TimeUnit.SECONDS)).isTrue();
      } finally {
        w.close();
      }
    }
  }

  @Test
  void aConnectionThatStaysIsNeverGoneAcrossRequestsAndItsLeavingIsSeenAfter() throws Exception {
    AtomicInteger gone = new AtomicInteger();
    try (Pair p = connect()) {
      for (int i = 0; i < 300; i++) {
        request(p, i);
        AutoCloseable w = watch.watch(p.server(), gone::incrementAndGet);
        w.close(); // the answer is written; the next request follows at once
      }
      // every watch stopped: the thread gives up its keys and parks again
      assertThat(eventually(watch::parked)).isTrue();
      request(p, 300);
      CountDownLatch last = new CountDownLatch(1);
      AutoCloseable w = watch.watch(p.server(), last::countDown);
      try {
        p.client().close();
        assertThat(last.await(PATIENCE_SECONDS, TimeUnit.SECONDS)).isTrue();
      } finally {
        w.close();
      }
    }
    assertThat(gone).hasValue(0);
  }

  @Test
  void aRequestAnsweredBeforeTheArmDelayNeverRegistersItsSocket() throws Exception {
    AtomicInteger gone = new AtomicInteger();
    try (DisconnectWatch lazy = DisconnectWatch.start(Duration.ofHours(1), Duration.ZERO);
        Pair p = connect()) {
      for (int i = 0; i < 100; i++) {
        request(p, i);
        lazy.watch(p.server(), gone::incrementAndGet).close();
      }
      AutoCloseable w = lazy.watch(p.server(), gone::incrementAndGet);
      try {
        p.client().close();
        // the watch is queued, not registered: the thread passes and keeps it for later
        assertThat(eventually(() -> !lazy.parked())).isTrue();
      } finally {
        w.close();
      }
      assertThat(eventually(lazy::parked)).isTrue(); // the stopped watch was dropped
      assertThat(lazy.registrations()).isZero();
    }
    assertThat(gone).hasValue(0);
  }

  @Test
  void aWatchStoppedBeforeItsPeerLeavesNeverRuns() throws Exception {
    AtomicInteger gone = new AtomicInteger();
    try (Pair p = connect()) {
      request(p, 0);
      watch.watch(p.server(), gone::incrementAndGet).close();
      p.client().close();
      // a later watch on another connection is served: the stopped one had its chance to fire
      try (Pair q = connect()) {
        request(q, 1);
        CountDownLatch seen = new CountDownLatch(1);
        AutoCloseable w = watch.watch(q.server(), seen::countDown);
        try {
          q.client().close();
          assertThat(seen.await(PATIENCE_SECONDS, TimeUnit.SECONDS)).isTrue();
        } finally {
          w.close();
        }
      }
    }
    assertThat(gone).hasValue(0);
  }
}
