package dev.orchestrator.providers.internal.transport;

import com.github.benmanes.caffeine.cache.Ticker;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.ProtocolException;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The one {@link HttpClient} every exchange runs on, renewed when the JDK refuses a response and
 * keeps its connection.
 *
 * <p>{@code java.net.http} refuses a response head it cannot accept (a NUL in a header value, more
 * than eight interim responses) with a {@link ProtocolException} but leaves that connection open:
 * never reused, never closed, even after the client is unreachable (seen on JDK 17 and 25). A
 * hostile upstream could hold one of our sockets for every response it spoils. Since JDK 21 a
 * client can be shut down in order: the exchanges it is running finish, then all its connections
 * close, the refused one with them. So after such a refusal the next exchange gets a new client and
 * the old one is shut down. Renewals are at most one per {@link #MIN_RENEWAL_INTERVAL}, so an
 * upstream that spoils every answer cannot make every other route lose its pooled connections on
 * every request; a refusal within that interval renews at the next exchange after it. Before JDK 21
 * there is no shutdown to call, so the client is kept (renewing would only lose the pool).
 *
 * <p>Thread-safe.
 */
public final class SharedHttpClient {
  /** The shortest time between two renewals. */
  public static final Duration MIN_RENEWAL_INTERVAL = Duration.ofSeconds(1);

  /** {@code HttpClient.shutdown()} (Java SE 21), or null on an older runtime. */
  private static final MethodHandle SHUTDOWN = shutdownHandle();

  private final Supplier<HttpClient> factory;
  private final Ticker ticker;
  private final long minIntervalNanos;
  private volatile HttpClient current;
  private volatile boolean renewalDue;
  private long renewedAt;
  private int renewals;

  /**
   * A client built by {@code factory} now and again at each renewal.
   *
   * @param factory builds a client with the transport's settings
   * @param ticker the time source of the renewal interval
   */
  public SharedHttpClient(Supplier<HttpClient> factory, Ticker ticker) {
    this(factory, ticker, MIN_RENEWAL_INTERVAL);
  }

  SharedHttpClient(Supplier<HttpClient> factory, Ticker ticker, Duration minInterval) {
    this.factory = Objects.requireNonNull(factory, "factory");
    this.ticker = Objects.requireNonNull(ticker, "ticker");
    this.minIntervalNanos = minInterval.toNanos();
    this.current = Objects.requireNonNull(factory.get(), "factory.get()");
    this.renewedAt = ticker.read() - minIntervalNanos;
  }

  /** Whether this runtime can shut a client down, i.e. whether refused connections are closed. */
  public static boolean closesRefusedConnections() {
    return SHUTDOWN != null;
  }

  /** The client the next exchange runs on. */
  public HttpClient current() {
    if (renewalDue) {
      renew();
    }
    return current;
  }

  /**
   * Records that an exchange on {@code client} failed with {@code failure}; when the JDK refused
   * the response ({@link ProtocolException} in the cause chain), {@code client} is renewed.
   */
  public void failed(HttpClient client, Throwable failure) {
    if (SHUTDOWN == null || client != current || !refusedByTheJdk(failure)) {
      return;
    }
    renewalDue = true;
    renew();
  }

  /** How many times the client was renewed. */
  synchronized int renewals() {
    return renewals;
  }

  private synchronized void renew() {
    long now = ticker.read();
    if (!renewalDue || now - renewedAt < minIntervalNanos) {
      return;
    }
    HttpClient old = current;
    current = factory.get();
    renewedAt = now;
    renewalDue = false;
    renewals++;
    shutDown(old);
  }

  private static boolean refusedByTheJdk(Throwable failure) {
    return TransportFaults.chain(failure).stream().anyMatch(ProtocolException.class::isInstance);
  }

  private static void shutDown(HttpClient client) {
    try {
      SHUTDOWN.invoke(client);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException("HttpClient.shutdown failed", e);
    }
  }

  private static MethodHandle shutdownHandle() {
    try {
      return MethodHandles.publicLookup()
          .findVirtual(HttpClient.class, "shutdown", MethodType.methodType(void.class));
    } catch (NoSuchMethodException | IllegalAccessException e) {
      return null;
    }
  }
}
