package dev.orchestrator.serve.http;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.CancelledKeyException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.Iterator;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Tells when a client goes away while its whole (non-streaming) answer is being worked on (issue
 * #30, finding 8). Jetty reads a connection only when the handler asks for content, and a request
 * whose body is read asks for none, so it never sees the client's FIN until the answer is written.
 * This watch registers the connection's socket with a selector of its own (a channel may be
 * registered with several selectors; Jetty's own registration is untouched and no byte is read):
 * when the socket turns readable with nothing to read, the peer closed or reset it, and {@code
 * onGone} runs. A socket that turns readable with bytes waiting (a pipelined request) is left to
 * Jetty and watched no further. One daemon thread serves every watch; thread-safe.
 *
 * <p>A request pays for its watch only if it lasts: a watch is queued without waking anything, and
 * the thread, passing every {@value #PASS_MILLIS} ms while there is traffic, registers the sockets
 * of the requests still running {@linkplain #DEFAULT_ARM_AFTER a while} after they began. A client
 * that leaves is then seen within about that while plus one pass, which next to a model call is
 * nothing; a request answered sooner never touches the selector. The thread parks after {@link
 * #DEFAULT_PARK_AFTER} with nothing queued or registered, and the first watch after that wakes it.
 * Registering every request's socket and waking the thread for each made the workers queue on the
 * selector's wake-up lock under load and cost each request two thread switches (docs/benchmarks.md
 * §6, run L).
 */
public final class DisconnectWatch implements AutoCloseable {
  /** How often, in ms, the thread passes while there is traffic. */
  static final long PASS_MILLIS = 50;

  /** How long a request runs before its socket is watched. */
  public static final Duration DEFAULT_ARM_AFTER = Duration.ofMillis(100);

  /** How long the thread goes on passing with nothing to watch before it parks. */
  public static final Duration DEFAULT_PARK_AFTER = Duration.ofSeconds(1);

  private final Selector selector;
  private final long armAfterNanos;
  private final long parkAfterNanos;
  private final Queue<Watch> pending = new ConcurrentLinkedQueue<>();
  private final AtomicBoolean parked = new AtomicBoolean();
  private final AtomicLong registrations = new AtomicLong();
  private final Thread thread;
  private volatile boolean closed;

  private DisconnectWatch(Selector selector, Duration armAfter, Duration parkAfter) {
    this.selector = selector;
    this.armAfterNanos = armAfter.toNanos();
    this.parkAfterNanos = parkAfter.toNanos();
    this.thread = new Thread(this::loop, "orchestrator-disconnect-watch");
    thread.setDaemon(true);
  }

  /** A started watch with its own selector thread and the default delays. */
  public static DisconnectWatch start() {
    return start(DEFAULT_ARM_AFTER, DEFAULT_PARK_AFTER);
  }

  /**
   * A started watch that registers a request's socket once it has run {@code armAfter}, and whose
   * thread parks after {@code parkAfter} with nothing to watch.
   */
  static DisconnectWatch start(Duration armAfter, Duration parkAfter) {
    try {
      DisconnectWatch w = new DisconnectWatch(Selector.open(), armAfter, parkAfter);
      w.thread.start();
      return w;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Runs {@code onGone} once if the peer of {@code channel} closes or resets it before the returned
   * handle is closed. A {@code null} channel (not a plain socket) is not watched.
   */
  public AutoCloseable watch(SocketChannel channel, Runnable onGone) {
    return watch(channel, onGone, false);
  }

  /**
   * Like {@link #watch(SocketChannel, Runnable)}; with {@code lookNow} — a request that waited
   * before it starts (for a place, or for its body) — the socket is also looked at once, on the
   * caller's thread, so that a client gone meanwhile runs {@code onGone} before any work starts.
   */
  public AutoCloseable watch(SocketChannel channel, Runnable onGone, boolean lookNow) {
    if (channel == null || closed) {
      return () -> {};
    }
    Watch w = new Watch(channel, onGone, System.nanoTime());
    if (lookNow && w.lookedAtNow()) {
      return w::stop; // gone (onGone ran) or a next request's bytes wait: nothing left to watch
    }
    pending.add(w);
    if (parked.compareAndSet(true, false)) {
      selector.wakeup(); // the thread parked for want of traffic: this is the first watch since
    }
    return w::stop;
  }

  private void loop() {
    long lastBusy = System.nanoTime();
    try {
      while (!closed) {
        long now = System.nanoTime();
        boolean idle = idle();
        if (!idle) {
          lastBusy = now;
        }
        if (idle && now - lastBusy >= parkAfterNanos) {
          parked.set(true);
          // a watch added after the first look sees parked set, or this second look sees it
          if (idle()) {
            selector.select();
          }
          parked.set(false);
          lastBusy = System.nanoTime();
        } else {
          selector.select(PASS_MILLIS);
        }
        for (Iterator<SelectionKey> it = selector.selectedKeys().iterator(); it.hasNext(); ) {
          SelectionKey key = it.next();
          it.remove();
          ((Watch) key.attachment()).readable(key);
        }
        armPending();
      }
    } catch (IOException | ClosedSelectorException e) {
      // The watch is closed, or its selector failed: requests are no longer watched.
    }
  }

  private boolean idle() {
    return pending.isEmpty() && selector.keys().isEmpty();
  }

  /**
   * Registers the queued watches that have run long enough; drops the stopped ones; keeps the rest
   * for a later pass (as well as one whose channel's key of an earlier watch has not left yet).
   */
  private void armPending() {
    long now = System.nanoTime();
    for (int n = pending.size(); n > 0; n--) {
      Watch w = pending.poll();
      if (w == null) {
        return;
      }
      if (w.done.get()) {
        continue;
      }
      if (now - w.since < armAfterNanos || !w.register(selector)) {
        pending.add(w);
      } else {
        registrations.incrementAndGet();
      }
    }
  }

  /** Whether the thread parked (or is about to) with nothing to watch; for tests. */
  boolean parked() {
    return parked.get();
  }

  /** How many sockets were registered so far; for tests. */
  long registrations() {
    return registrations.get();
  }

  /** Stops the thread; watches still open never fire. */
  @Override
  public void close() {
    closed = true;
    try {
      selector.close();
    } catch (IOException ignored) {
      // Closing the selector only stops the watch.
    }
  }

  /** One watched exchange. */
  private static final class Watch {
    final SocketChannel channel;
    final Runnable onGone;
    final long since;
    final AtomicBoolean done = new AtomicBoolean();
    volatile SelectionKey key;

    Watch(SocketChannel channel, Runnable onGone, long since) {
      this.channel = channel;
      this.onGone = onGone;
      this.since = since;
    }

    /**
     * Registers the channel for reading, on the watch's thread; false while the channel's cancelled
     * key of an earlier watch is still registered (it leaves at the next pass).
     */
    boolean register(Selector selector) {
      try {
        key = channel.register(selector, SelectionKey.OP_READ, this);
        if (done.get()) {
          key.cancel(); // stopped meanwhile
        }
        return true;
      } catch (CancelledKeyException e) {
        return false;
      } catch (ClosedChannelException e) {
        gone();
        return true;
      }
    }

    /**
     * Looks at the socket once, with a selector of its own: true when that decided the watch (the
     * peer went away, and {@code onGone} ran, or a next request's bytes wait).
     */
    boolean lookedAtNow() {
      try (Selector once = Selector.open()) {
        SelectionKey k = channel.register(once, SelectionKey.OP_READ);
        if (once.selectNow() > 0) {
          readable(k);
        }
      } catch (ClosedChannelException e) {
        gone();
      } catch (IOException | RuntimeException e) {
        // not looked at (a channel in blocking mode, no selector to be had): watched as any other
      }
      return done.get();
    }

    void readable(SelectionKey k) {
      k.cancel();
      int waiting;
      try {
        waiting = channel.socket().getInputStream().available();
      } catch (IOException e) {
        waiting = 0; // reset or closed
      }
      if (waiting == 0) {
        gone();
      } else {
        done.set(true); // bytes of a next request: Jetty's to read
      }
    }

    void gone() {
      if (done.compareAndSet(false, true)) {
        onGone.run();
      }
    }

    void stop() {
      done.set(true);
      SelectionKey k = key;
      if (k != null) {
        k.cancel();
      }
    }
  }
}
