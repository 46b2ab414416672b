package dev.orchestrator.serve.http;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.io.QuietException;
import org.eclipse.jetty.server.ConnectionMetaData;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.Scheduler;

/**
 * Bounds the time a request head takes to arrive once it has begun (ADR 0037). Jetty's idle timeout
 * restarts at every byte, so a client that sends its head a byte every few seconds would otherwise
 * hold its connection for as long as it likes.
 *
 * <p>The clock runs from the connection's opening, and on a kept-alive connection from the end of
 * its previous exchange, to the moment the handler is called with the next request, and is read
 * once a bound. A new connection that sends nothing within the bound is closed without a word. A
 * kept-alive connection that sends nothing (a client's pooled connection) is left to the
 * connector's idle timeout, as before, and its bound starts again, so it is not closed under the
 * client any sooner. A bound in which bytes arrived (a head begun) is followed by one more; if the
 * head is still not whole at its end, the connection is given up: answered {@code 408} with {@code
 * Connection: close}, its output shut and the connection closed a moment later, so that a client
 * still sending reads the answer instead of a reset. A head therefore has at least the bound and at
 * most twice the bound from its first byte. A head that completes after that is not served.
 *
 * <p>Added to a connector as a bean, it is told of every connection ({@link Connection.Listener});
 * the handler calls {@link #headArrived} first and completes each exchange through {@link
 * #untilNextHead}. One timer task per waiting connection, on Jetty's {@link Scheduler}. It counts
 * the connections it gives up, for {@code /metrics}: {@link #partialHeads()} and {@link
 * #silentConnections()}. Thread-safe.
 */
public final class HeadTimeout implements Connection.Listener {
  private static final String ATTRIBUTE = HeadTimeout.class.getName();

  /** How long a refused connection stays open after its 408, for the client to read it. */
  private static final long LINGER_NANOS = TimeUnit.SECONDS.toNanos(1);

  private final long timeoutNanos;
  private final Scheduler scheduler;
  private final byte[] refusal;
  private final LongAdder partialHeads = new LongAdder();
  private final LongAdder silentConnections = new LongAdder();

  /** A bound of {@code timeout}, timed on {@code scheduler} (the server's). */
  public HeadTimeout(Duration timeout, Scheduler scheduler) {
    this.timeoutNanos = timeout.toNanos();
    this.scheduler = scheduler;
    byte[] body =
        Responses.bytes(
            ApiError.invalidRequest(
                    408,
                    "request head: not complete within "
                        + timeout.toMillis()
                        + " ms (expected: a request line and headers sent without long pauses)",
                    "request_timeout")
                .body());
    byte[] head =
        ("HTTP/1.1 408 Request Timeout\r\nContent-Type: application/json\r\nContent-Length: "
                + body.length
                + "\r\nConnection: close\r\n\r\n")
            .getBytes(StandardCharsets.US_ASCII);
    this.refusal = new byte[head.length + body.length];
    System.arraycopy(head, 0, refusal, 0, head.length);
    System.arraycopy(body, 0, refusal, head.length, body.length);
  }

  /** Connections answered {@code 408}: a head begun and not whole in time. */
  public long partialHeads() {
    return partialHeads.sum();
  }

  /** New connections closed without a word: nothing sent within the bound. */
  public long silentConnections() {
    return silentConnections.sum();
  }

  @Override
  public void onOpened(Connection connection) {
    if (connection instanceof ConnectionMetaData) {
      Watch watch = new Watch(connection);
      ((ConnectionMetaData) connection).setAttribute(ATTRIBUTE, watch);
      watch.await(false);
    }
  }

  @Override
  public void onClosed(Connection connection) {
    Watch watch = watch(connection);
    if (watch != null) {
      watch.stop();
    }
  }

  /**
   * Stops the clock of {@code request}'s connection: its head is here. {@code false} when the
   * connection was already given up, the request then not to be served (its connection is closed
   * here).
   */
  public boolean headArrived(Request request) {
    Watch watch = watch(request.getConnectionMetaData().getConnection());
    if (watch == null || watch.arrived()) {
      return true;
    }
    request.getConnectionMetaData().getConnection().getEndPoint().close();
    return false;
  }

  /**
   * {@code callback}, which on success first starts the clock again for the connection's next head
   * — before Jetty may read that head, so that the next request never finds the clock running.
   */
  public Callback untilNextHead(Request request, Callback callback) {
    Watch watch = watch(request.getConnectionMetaData().getConnection());
    if (watch == null) {
      return callback;
    }
    return new Callback.Nested(callback) {
      @Override
      public void succeeded() {
        watch.await(true);
        super.succeeded();
      }
    };
  }

  private static Watch watch(Connection connection) {
    if (connection instanceof ConnectionMetaData) {
      Object w = ((ConnectionMetaData) connection).getAttribute(ATTRIBUTE);
      return w instanceof Watch ? (Watch) w : null;
    }
    return null;
  }

  /** Why a head that completed after its connection was given up is not served. */
  public static final class Expired extends Exception implements QuietException {
    private static final long serialVersionUID = 1L;

    /** The one message. */
    public Expired() {
      super("request head completed after the head timeout", null, false, false);
    }
  }

  /** One connection's clock. Guarded by itself. */
  private final class Watch implements Runnable {
    private final Connection connection;
    private boolean waiting;
    private boolean expired;
    private boolean begun;
    private boolean keptAlive;
    private long since;
    private long bytesAtStart;
    private Scheduler.Task task;

    Watch(Connection connection) {
      this.connection = connection;
    }

    /**
     * Starts the clock: a head is due within the bound from now; {@code keptAlive} when the
     * connection has served an exchange (a pooled connection, left to the idle timeout while idle).
     */
    synchronized void await(boolean keptAlive) {
      if (expired) {
        return;
      }
      waiting = true;
      begun = false;
      this.keptAlive = keptAlive;
      since = System.nanoTime();
      bytesAtStart = connection.getBytesIn();
      schedule(timeoutNanos);
    }

    /** Stops the clock; whether the connection is still served. */
    synchronized boolean arrived() {
      waiting = false;
      cancel();
      return !expired;
    }

    synchronized void stop() {
      waiting = false;
      cancel();
    }

    private void schedule(long nanos) {
      cancel();
      task = scheduler.schedule(this, nanos, TimeUnit.NANOSECONDS);
    }

    private void cancel() {
      if (task != null) {
        task.cancel();
        task = null;
      }
    }

    @Override
    public void run() {
      boolean headBegun;
      synchronized (this) {
        task = null;
        if (!waiting || expired) {
          return;
        }
        long now = System.nanoTime();
        long left = since + timeoutNanos - now;
        if (left > 0) {
          schedule(left);
          return;
        }
        if (!begun) {
          begun = connection.getBytesIn() != bytesAtStart;
          if (begun || keptAlive) {
            // A head begun in this bound gets one whole bound more, however late in it its
            // first byte came; an idle kept-alive connection stays the idle timeout's to close.
            since = now;
            schedule(timeoutNanos);
            return;
          }
        }
        expired = true;
        waiting = false;
        headBegun = begun;
      }
      EndPoint endPoint = connection.getEndPoint();
      if (!headBegun) { // a new connection that sent nothing: closed without a word
        silentConnections.increment();
        endPoint.close();
        return;
      }
      partialHeads.increment();
      try {
        endPoint.write(
            Callback.from(
                () -> {
                  endPoint.shutdownOutput();
                  scheduler.schedule(endPoint::close, LINGER_NANOS, TimeUnit.NANOSECONDS);
                },
                endPoint::close),
            ByteBuffer.wrap(refusal));
      } catch (RuntimeException e) { // a write pending after all: no answer, only the close
        endPoint.close();
      }
    }
  }
}
