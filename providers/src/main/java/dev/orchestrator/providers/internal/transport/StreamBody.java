package dev.orchestrator.providers.internal.transport;

import java.io.InputStream;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * An event stream's body: the JDK's {@code ofInputStream}, except that closing it after the
 * stream's terminal event ({@link #finished()}) lets the rest of the body (the chunked terminator,
 * a few bytes) arrive and be discarded instead of cancelling the exchange, so the connection goes
 * back to the pool (closing right after {@code [DONE]} usually comes before the client has parsed
 * the terminator, which would cost most streams a new connection). The discarding is bounded: more
 * than {@link #MAX_DISCARDED} bytes, or no end within {@code drainLimitNanos} on the scheduler, and
 * the exchange is cancelled.
 *
 * <p>The client signals {@code onNext}/{@code onComplete}/{@code onError} one at a time from its
 * thread; the reader's thread closes. The flags they share are volatile; a buffer that races with
 * the close is either read by nobody or discarded, never delivered twice.
 */
final class StreamBody implements HttpResponse.BodySubscriber<InputStream> {
  /** Most bytes discarded after the terminal event before the exchange is cancelled. */
  static final int MAX_DISCARDED = 64 * 1024;

  private final HttpResponse.BodySubscriber<InputStream> reader =
      HttpResponse.BodySubscribers.ofInputStream();
  private final long drainLimitNanos;
  private final ScheduledExecutorService scheduler;
  private volatile Flow.Subscription upstream;
  private volatile boolean finished;
  private volatile boolean draining;
  private volatile boolean ended;
  private volatile Future<?> drainTimer;
  private long discarded;

  /** A body whose discarding after the terminal event lasts at most {@code drainLimitNanos}. */
  StreamBody(long drainLimitNanos, ScheduledExecutorService scheduler) {
    this.drainLimitNanos = drainLimitNanos;
    this.scheduler = scheduler;
  }

  /** The terminal event was read: a close from now on drains instead of cancelling. */
  void finished() {
    finished = true;
  }

  @Override
  public CompletionStage<InputStream> getBody() {
    return reader.getBody();
  }

  @Override
  public void onSubscribe(Flow.Subscription s) {
    upstream = s;
    reader.onSubscribe(
        new Flow.Subscription() {
          @Override
          public void request(long n) {
            s.request(n);
          }

          @Override
          public void cancel() {
            if (!finished || ended) {
              s.cancel();
              return;
            }
            draining = true;
            drainTimer =
                scheduler.schedule(
                    StreamBody.this::drainTooLong, drainLimitNanos, TimeUnit.NANOSECONDS);
            s.request(Long.MAX_VALUE);
          }
        });
  }

  @Override
  public void onNext(List<ByteBuffer> items) {
    if (!draining) {
      reader.onNext(items);
      return;
    }
    for (ByteBuffer b : items) {
      discarded += b.remaining();
    }
    if (discarded > MAX_DISCARDED) {
      end();
      upstream.cancel();
    }
  }

  @Override
  public void onError(Throwable t) {
    if (!draining) {
      reader.onError(t);
    }
    end();
  }

  @Override
  public void onComplete() {
    if (!draining) {
      reader.onComplete();
    }
    end();
  }

  private void drainTooLong() {
    if (!ended) {
      end();
      upstream.cancel();
    }
  }

  private void end() {
    ended = true;
    Future<?> t = drainTimer;
    if (t != null) {
      t.cancel(false);
    }
  }
}
