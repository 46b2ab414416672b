package dev.orchestrator.serve.http;

import java.nio.channels.SelectableChannel;
import java.util.concurrent.atomic.LongAdder;
import org.eclipse.jetty.server.NetworkConnectionLimit;
import org.eclipse.jetty.server.Server;

/**
 * Jetty's connection cap ({@link NetworkConnectionLimit}), counting what it does for {@code
 * /metrics} (ADR 0037): each time the server comes to hold the cap and stops accepting — from then
 * on a further connection waits in the operating system's accept queue, where no count of it can be
 * had — and each connection accepted past the cap all the same (several acceptor threads can race
 * it), which Jetty closes at once. Counted through Jetty's own hooks for subclasses, {@link
 * #limit()} and the accept listener; the cap's behaviour is Jetty's, unchanged. Thread-safe.
 */
public final class ConnectionCap extends NetworkConnectionLimit {
  private final LongAdder reached = new LongAdder();
  private final LongAdder refused = new LongAdder();

  /** A cap of {@code max} connections over every connector of {@code server}. */
  public ConnectionCap(int max, Server server) {
    super(max, server);
  }

  /** The cap. */
  public int max() {
    return getMaxNetworkConnectionCount();
  }

  /** How many times the server came to hold the cap and stopped accepting. */
  public long reached() {
    return reached.sum();
  }

  /** Connections accepted past the cap, and closed at once. */
  public long refused() {
    return refused.sum();
  }

  @Override
  protected void limit() {
    reached.increment();
    super.limit();
  }

  @Override
  public void onAccepting(SelectableChannel channel) {
    super.onAccepting(channel);
    if (!channel.isOpen()) { // closed by the cap
      refused.increment();
    }
  }
}
