package dev.orchestrator.serve.http;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.CancelledKeyException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.Iterator;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;

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
 * <p>A watch costs its request no wake-up of that thread and no wait on it: the caller registers
 * the socket itself (since JDK 11 a registration does not wait for a select in progress; it takes
 * effect at the selector's next pass), and the thread passes every {@value #PASS_MILLIS} ms while
 * anything is registered, parking without a timeout only when nothing is. So a departure is seen at
 * most about {@value #PASS_MILLIS} ms late, and requests never queue on the selector's wake-up
 * lock: waking it per request serialised every worker there and halved {@code serve}'s JSON
 * throughput at 64 connections (docs/benchmarks.md §6).
 */
public final class DisconnectWatch implements AutoCloseable {
  /** How often, in ms, the thread passes while anything is registered. */
  static final long PASS_MILLIS = 50;

  private final Selector selector;
  private final Queue<Watch> pending = new ConcurrentLinkedQueue<>();
  private final AtomicBoolean parked = new AtomicBoolean();
  private final Thread thread;
  private volatile boolean closed;

  private DisconnectWatch(Selector selector) {
    this.selector = selector;
    this.thread = new Thread(this::loop, "orchestrator-disconnect-watch");
    thread.setDaemon(true);
  }

  /** A started watch with its own selector thread. */
  public static DisconnectWatch start() {
    try {
      DisconnectWatch w = new DisconnectWatch(Selector.open());
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
    if (channel == null || closed) {
      return () -> {};
    }
    Watch w = new Watch(channel, onGone);
    if (channel.keyFor(selector) != null || !w.register(selector)) {
      // this channel's key of the previous request leaves at the selector's next pass
      pending.add(w);
    }
    if (parked.compareAndSet(true, false)) {
      selector.wakeup(); // the thread parked with nothing registered: this is the first watch
    }
    return w::stop;
  }

  private void loop() {
    try {
      while (!closed) {
        if (idle()) {
          parked.set(true);
          // a watch added after the first look sees parked set, or this second look sees it
          if (idle()) {
            selector.select();
          }
          parked.set(false);
        } else {
          selector.select(PASS_MILLIS);
        }
        for (Iterator<SelectionKey> it = selector.selectedKeys().iterator(); it.hasNext(); ) {
          SelectionKey key = it.next();
          it.remove();
          ((Watch) key.attachment()).readable(key);
        }
        registerPending();
      }
    } catch (IOException | ClosedSelectorException e) {
      // The watch is closed, or its selector failed: requests are no longer watched.
    }
  }

  /** Whether the thread parked (or is about to) with nothing registered; for tests. */
  boolean parked() {
    return parked.get();
  }

  private boolean idle() {
    return pending.isEmpty() && selector.keys().isEmpty();
  }

  /** Registers new watches; one whose key for this channel is still being cancelled waits. */
  private void registerPending() {
    for (int n = pending.size(); n > 0; n--) {
      Watch w = pending.poll();
      if (w == null) {
        return;
      }
      if (!w.done.get() && !w.register(selector)) {
        pending.add(w); // the previous request's key leaves at the next select
      }
    }
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
    final AtomicBoolean done = new AtomicBoolean();
    volatile SelectionKey key;

    Watch(SocketChannel channel, Runnable onGone) {
      this.channel = channel;
      this.onGone = onGone;
    }

    /**
     * Registers the channel for reading, from any thread; false while the channel's cancelled key
     * of an earlier watch is still registered (it leaves at the selector's next pass).
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
      } catch (ClosedSelectorException e) {
        return true; // the watch was closed: the request is no longer watched
      }
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
