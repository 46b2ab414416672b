package dev.orchestrator.providers.internal.transport;

import com.github.benmanes.caffeine.cache.Ticker;
import dev.orchestrator.engine.failure.TransportFault;
import dev.orchestrator.engine.spi.AttemptLimits;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One attempt's time limits: the phase it is in, measured on the {@link Ticker}, with one check on
 * the scheduler armed for the next deadline (re-armed when the phase changes or the check finds the
 * deadline moved by activity). The first reason to stop wins ({@link #stop}); the attempt's thread
 * turns it into a transport fault with {@link #fault} and {@link #message}. A stop, its check and
 * every phase change are one step each under the clock's lock, so a stop's phase is the phase the
 * attempt was in: a stream's first token ({@link #firstToken}) and its first-token stop cannot both
 * happen. Thread-safe.
 */
final class AttemptClock {
  /** Why the clock or the caller stopped an attempt. */
  enum Reason {
    CANCELLED,
    HEADERS,
    FIRST_TOKEN,
    IDLE,
    TOTAL
  }

  /** Where an attempt is; decides which limit applies next. */
  enum Phase {
    /** Waiting for the response headers: {@code headersTimeout} (streams: and first token). */
    HEADERS,
    /** A stream's headers are in, no token yet: {@code firstTokenTimeout} from the start. */
    AWAIT_FIRST_TOKEN,
    /** Tokens arrive: {@code idleTimeout} from the last read. */
    STREAMING,
    /** A whole or error body arrives: only the total limit. */
    BODY
  }

  /** Why, in which phase and after how many body bytes an attempt was stopped. */
  record Stop(Reason reason, Phase phase, long bodyBytes) {}

  private final AttemptLimits limits;
  private final long headersNanos;
  private final Ticker ticker;
  private final ScheduledExecutorService scheduler;
  private final Consumer<Reason> onStop;
  private final long start;

  /** Why the attempt was stopped, or null; written under {@code this}. */
  private volatile Stop stop;

  /** Written under {@code this}. */
  private volatile Phase phase = Phase.HEADERS;

  private volatile long lastActivity;
  private volatile long bodyBytes;
  private volatile boolean finished;

  /** The pending check; guarded by {@code this}. */
  private ScheduledFuture<?> check;

  /**
   * A clock started now.
   *
   * @param stream whether the attempt streams (the first-token limit then also bounds the headers)
   * @param onStop told the reason once, when the attempt is stopped (by the clock or {@link #stop})
   */
  AttemptClock(
      AttemptLimits limits,
      boolean stream,
      Ticker ticker,
      ScheduledExecutorService scheduler,
      Consumer<Reason> onStop) {
    this.limits = limits;
    Duration h = limits.headersTimeout();
    this.headersNanos =
        (stream && limits.firstTokenTimeout().compareTo(h) < 0 ? limits.firstTokenTimeout() : h)
            .toNanos();
    this.ticker = ticker;
    this.scheduler = scheduler;
    this.onStop = onStop;
    this.start = ticker.read();
    this.lastActivity = start;
  }

  /** Arms the first check. */
  void start() {
    arm();
  }

  /** The attempt moves to {@code next}: its limit applies from now. */
  synchronized void enter(Phase next) {
    lastActivity = ticker.read();
    phase = next;
    arm();
  }

  /**
   * A stream's first token arrived and nothing of it is relayed yet: unless the attempt was
   * stopped, it moves from {@link Phase#AWAIT_FIRST_TOKEN} to {@link Phase#STREAMING} in the same
   * step, so the first-token limit can no longer stop it. Returns whether the token may be relayed;
   * {@code false} (a stop came first, whatever its reason) means relay nothing, and the attempt
   * ends as that stop says. Later calls only repeat the answer.
   */
  synchronized boolean firstToken() {
    if (stop != null) {
      return false;
    }
    if (phase == Phase.AWAIT_FIRST_TOKEN) {
      enter(Phase.STREAMING);
    }
    return true;
  }

  Phase phase() {
    return phase;
  }

  /**
   * {@code n} body bytes arrived now. They are counted before the time is read, so that whoever
   * sees this read (a test's clock) also sees the bytes.
   */
  void activity(long n) {
    bodyBytes += n;
    lastActivity = ticker.read();
  }

  long bodyBytes() {
    return bodyBytes;
  }

  /** Stops the attempt for {@code reason} unless it was stopped already; tells {@code onStop}. */
  void stop(Reason reason) {
    if (record(reason)) {
      onStop.accept(reason);
    }
  }

  /** Records a stop for {@code reason} in the current phase, unless there is one already. */
  private synchronized boolean record(Reason reason) {
    if (stop != null) {
      return false;
    }
    stop = new Stop(reason, phase, bodyBytes);
    return true;
  }

  /** Why the attempt was stopped, or {@code null} while it runs. */
  Stop stopped() {
    return stop;
  }

  /** The attempt is over: no check runs any more. */
  synchronized void finish() {
    finished = true;
    if (check != null) {
      check.cancel(false);
    }
  }

  /** The transport fault of a stop. */
  static TransportFault fault(Stop s) {
    return switch (s.reason()) {
      case CANCELLED -> TransportFault.CANCELLED;
      case HEADERS -> TransportFault.READ_TIMEOUT;
      case FIRST_TOKEN -> TransportFault.FIRST_TOKEN_TIMEOUT;
      case IDLE -> TransportFault.STREAM_IDLE_TIMEOUT;
      case TOTAL ->
          switch (s.phase()) {
            case HEADERS, STREAMING -> TransportFault.READ_TIMEOUT;
            case AWAIT_FIRST_TOKEN -> TransportFault.FIRST_TOKEN_TIMEOUT;
            case BODY ->
                s.bodyBytes() == 0
                    ? TransportFault.FIRST_TOKEN_TIMEOUT
                    : TransportFault.READ_TIMEOUT;
          };
    };
  }

  /** What a stop's failure says, naming the limit that passed. */
  String message(Stop s) {
    return switch (s.reason()) {
      case CANCELLED -> "cancelled by the caller";
      case HEADERS -> "no response within " + millis(Math.min(headersNanos, total()));
      case FIRST_TOKEN -> "no first token within " + millis(limits.firstTokenTimeout().toNanos());
      case IDLE -> "nothing arrived for " + millis(limits.idleTimeout().toNanos());
      case TOTAL ->
          "the attempt exceeded its total limit of "
              + millis(total())
              + switch (s.phase()) {
                case HEADERS -> " waiting for a response";
                case AWAIT_FIRST_TOKEN -> " before the first token";
                case BODY -> s.bodyBytes() == 0 ? " before the body arrived" : " reading the body";
                case STREAMING -> " while streaming";
              };
    };
  }

  private synchronized void arm() {
    if (check != null) {
      check.cancel(false);
    }
    if (!finished) {
      long t = start + total();
      long p = phaseDeadline();
      long next = p - t < 0 ? p : t;
      check = scheduler.schedule(this::check, next - ticker.read(), TimeUnit.NANOSECONDS);
    }
  }

  /**
   * The scheduled check: stops the attempt when a limit passed, otherwise re-arms. The phase it
   * judges and the stop it records are one step with the phase changes: a first token that came
   * first leaves it the idle limit to judge, never the first-token one.
   */
  private void check() {
    Reason reason = due();
    if (reason != null) {
      onStop.accept(reason);
    }
  }

  /** The reason a limit that passed stopped the attempt now, or null (re-armed, or over). */
  private synchronized Reason due() {
    if (finished || stop != null) {
      return null;
    }
    long now = ticker.read();
    Reason reason;
    if (now - (start + total()) >= 0) {
      reason = Reason.TOTAL;
    } else if (now - phaseDeadline() >= 0) {
      reason =
          switch (phase) {
            case HEADERS -> Reason.HEADERS;
            case AWAIT_FIRST_TOKEN -> Reason.FIRST_TOKEN;
            case STREAMING -> Reason.IDLE;
            case BODY -> Reason.TOTAL;
          };
    } else {
      arm();
      return null;
    }
    return record(reason) ? reason : null;
  }

  private long phaseDeadline() {
    return switch (phase) {
      case HEADERS -> start + headersNanos;
      case AWAIT_FIRST_TOKEN -> start + limits.firstTokenTimeout().toNanos();
      case STREAMING -> lastActivity + limits.idleTimeout().toNanos();
      case BODY -> start + total();
    };
  }

  private long total() {
    return limits.total().toNanos();
  }

  private static String millis(long nanos) {
    return TimeUnit.NANOSECONDS.toMillis(nanos) + " ms";
  }
}
