package dev.orchestrator.engine.spi;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A one-way cancel signal shared by the caller, the engine and the client of an in-flight attempt.
 * A client registers a hook that closes its connection; {@link #cancel()} runs every hook once.
 * Thread-safe.
 */
public final class Cancellation {
  private final AtomicBoolean cancelled = new AtomicBoolean();
  private final List<Runnable> hooks = new CopyOnWriteArrayList<>();

  /** A signal that is not cancelled. */
  public Cancellation() {}

  /** Cancels; runs every registered hook once. Idempotent. */
  public void cancel() {
    if (cancelled.compareAndSet(false, true)) {
      for (Runnable r : hooks) {
        runQuietly(r);
      }
    }
  }

  /** Whether {@link #cancel()} was called. */
  public boolean isCancelled() {
    return cancelled.get();
  }

  /**
   * Registers a hook to run on cancel; runs it at once when already cancelled. Returns a handle
   * that unregisters it.
   */
  public Registration onCancel(Runnable hook) {
    hooks.add(hook);
    if (cancelled.get() && hooks.remove(hook)) {
      runQuietly(hook);
    }
    return () -> hooks.remove(hook);
  }

  /** Unregisters a hook; closing twice is harmless. */
  @FunctionalInterface
  public interface Registration extends AutoCloseable {
    @Override
    void close();
  }

  private static void runQuietly(Runnable r) {
    try {
      r.run();
    } catch (RuntimeException ignored) {
      // A hook that fails to close a connection must not stop the others.
    }
  }
}
