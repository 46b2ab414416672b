package dev.orchestrator.health.redis;

import dev.orchestrator.engine.health.StoreStatus;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.Range;
import io.lettuce.core.RedisChannelHandler;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisConnectionException;
import io.lettuce.core.RedisConnectionStateListener;
import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.SslOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.pubsub.RedisPubSubAdapter;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.Delay;
import java.net.SocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import javax.net.ssl.SSLException;

/**
 * The store's connections to Redis (Lettuce): one for commands, one subscribed to the namespace's
 * health and spend channels, and the degraded flag with its status. Commands fail fast while
 * disconnected, time out after the command timeout, and any failure degrades the link (logged once,
 * reported once); {@link #recovered()} — called after a successful resync — ends it. Lettuce
 * reconnects with exponential backoff; a first connection that failed is retried by {@link
 * #connect()}. Thread-safe.
 */
final class RedisLink implements AutoCloseable {
  private static final System.Logger LOG = System.getLogger(RedisHealthStore.class.getName());

  /**
   * Lettuce logs every reconnect attempt; the store logs the outage once itself. Held strongly so
   * the level survives (java.util.logging keeps loggers weakly); an explicit level is respected.
   */
  private static final List<java.util.logging.Logger> RECONNECTS =
      List.of(
          java.util.logging.Logger.getLogger("io.lettuce.core.protocol.ConnectionWatchdog"),
          java.util.logging.Logger.getLogger("io.lettuce.core.protocol.ReconnectionHandler"));

  static {
    for (java.util.logging.Logger l : RECONNECTS) {
      if (l.getLevel() == null) {
        l.setLevel(java.util.logging.Level.SEVERE);
      }
    }
  }

  /** The TLS failures of a server that does not speak TLS (Netty's exceptions, named). */
  private static final Set<String> PLAIN_ANSWER =
      Set.of("SslHandshakeTimeoutException", "NotSslRecordException");

  private final RedisTarget target;
  private final Keys keys;
  private final Duration timeout;
  private final ClientResources resources;
  private final RedisClient client;
  private final BiConsumer<String, String> onMessage;
  private final Runnable onConnected;
  private final Consumer<StoreStatus> onStatus;
  private final AtomicBoolean degraded = new AtomicBoolean();
  private final StoreStatus connecting;
  private volatile StoreStatus status;
  private volatile StatefulRedisConnection<String, String> commands;
  private volatile StatefulRedisPubSubConnection<String, String> pubsub;
  private volatile boolean closed;
  private volatile boolean scriptsLoaded;

  RedisLink(
      RedisTarget target,
      Keys keys,
      Duration timeout,
      BiConsumer<String, String> onMessage,
      Runnable onConnected,
      Consumer<StoreStatus> onStatus) {
    this.target = target;
    this.keys = keys;
    this.timeout = timeout;
    this.onMessage = onMessage;
    this.onConnected = onConnected;
    this.onStatus = onStatus;
    this.connecting =
        new StoreStatus(false, "connecting: " + target + " namespace " + keys.namespace());
    this.status = connecting;
    this.resources =
        ClientResources.builder()
            .reconnectDelay(
                Delay.exponential(
                    Duration.ofMillis(50), Duration.ofSeconds(5), 2, TimeUnit.MILLISECONDS))
            .build();
    this.client = RedisClient.create(resources, target.uri());
    Duration connectTimeout = timeout.multipliedBy(4).plusSeconds(1);
    client.setOptions(
        ClientOptions.builder()
            .autoReconnect(true)
            .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
            .timeoutOptions(TimeoutOptions.enabled(timeout))
            .socketOptions(SocketOptions.builder().connectTimeout(connectTimeout).build())
            // A TLS handshake is bounded like the connect (Netty's own bound is 10 s): rediss://
            // against a Redis without TLS would otherwise hold start-up that long.
            .sslOptions(SslOptions.builder().handshakeTimeout(connectTimeout).build())
            .build());
    client.addListener(
        new RedisConnectionStateListener() {
          @Override
          public void onRedisConnected(RedisChannelHandler<?, ?> c, SocketAddress a) {
            scriptsLoaded = false; // the server may have restarted without them
            RedisLink.this.onConnected.run();
          }

          @Override
          public void onRedisDisconnected(RedisChannelHandler<?, ?> c) {
            // Only a connection the link holds was lost: one that closes while it is being
            // opened (refused credentials, a database out of range) fails connect() with the
            // reason, which "connection lost" must not hide.
            if (!RedisLink.this.closed && (c == commands || c == pubsub)) {
              degrade("connection lost");
            }
          }
        });
  }

  /** Whether commands go to Redis (not degraded). */
  boolean up() {
    return !closed && !degraded.get();
  }

  /** The current status; its detail never holds the password. */
  StoreStatus status() {
    return status;
  }

  /**
   * Opens both connections and subscribes, if not open yet; then loads every script, once per
   * connection. Blocks for at most a few command timeouts (called from the store's own thread and
   * at build time).
   *
   * @return whether the link can carry commands now
   */
  boolean connect() {
    try {
      if (commands == null) {
        commands = client.connect();
      }
      if (pubsub == null) {
        StatefulRedisPubSubConnection<String, String> ps = client.connectPubSub();
        ps.addListener(
            new RedisPubSubAdapter<>() {
              @Override
              public void message(String channel, String message) {
                onMessage.accept(channel, message);
              }
            });
        try {
          await(ps.async().subscribe(keys.channel(), keys.spendChannel()).toCompletableFuture());
        } catch (RuntimeException e) {
          ps.closeAsync();
          throw e;
        }
        pubsub = ps;
      }
      if (!scriptsLoaded) {
        for (Script s : Script.values()) {
          await(commands.async().scriptLoad(s.body()).toCompletableFuture());
        }
        scriptsLoaded = true;
      }
      return true;
    } catch (RuntimeException e) {
      degrade(e);
      return false;
    }
  }

  /**
   * Runs {@code script} by its SHA-1 (by its text when the server does not know it). A failure
   * other than a missing script degrades the link; the returned stage fails with it.
   */
  <T> CompletableFuture<T> eval(Script script, String[] keys, String... args) {
    StatefulRedisConnection<String, String> c = commands;
    if (c == null) {
      return CompletableFuture.failedFuture(new IllegalStateException("not connected"));
    }
    ScriptOutputType type = script.output();
    CompletableFuture<T> sent;
    try {
      sent = c.async().<T>evalsha(script.sha(), type, keys, args).toCompletableFuture();
    } catch (RuntimeException e) { // the client is shutting down
      degrade(e);
      return CompletableFuture.failedFuture(e);
    }
    return sent.exceptionallyCompose(
            e ->
                unwrap(e) instanceof RedisNoScriptException
                    ? c.async().<T>eval(script.body(), type, keys, args).toCompletableFuture()
                    : CompletableFuture.failedFuture(e))
        .whenComplete(
            (r, e) -> {
              if (e != null) {
                degrade(e);
              }
            });
  }

  /** The routes in the index whose state has not expired at {@code nowMillis}. */
  List<String> indexed(long nowMillis) {
    return await(
        commands
            .async()
            .zrangebyscore(keys.index(), Range.create((double) nowMillis, Double.POSITIVE_INFINITY))
            .toCompletableFuture());
  }

  /**
   * Waits for {@code f} at most the command timeout.
   *
   * @throws IllegalStateException (degrading the link) when it failed or took longer
   */
  <T> T await(CompletableFuture<T> f) {
    try {
      return f.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      degrade("interrupted");
      throw new IllegalStateException("interrupted waiting for redis", e);
    } catch (TimeoutException e) {
      degrade("no answer within " + timeout.toMillis() + " ms");
      throw new IllegalStateException("redis: no answer within " + timeout.toMillis() + " ms");
    } catch (ExecutionException e) {
      degrade(e.getCause());
      throw new IllegalStateException(target.scrub(reason(e.getCause())));
    }
  }

  /** Degrades because of {@code cause} (logged and reported on the first failure only). */
  void degrade(Throwable cause) {
    degrade(reason(cause));
  }

  /**
   * Why {@code cause} happened, in words (not yet scrubbed of the password): the message of its
   * root cause, which for a connection that failed is Redis's own answer ({@code WRONGPASS …},
   * {@code NOAUTH …}, {@code ERR DB index is out of range}) or the transport's, not Lettuce's
   * {@code Unable to connect to host/<unresolved>:port}; a failed TLS handshake says so.
   */
  static String reason(Throwable cause) {
    Throwable top = unwrap(cause);
    Throwable root = top;
    boolean tls = false;
    for (Throwable t = top; t != null; t = t.getCause() == t ? null : t.getCause()) {
      tls |= t instanceof SSLException;
      if (t.getMessage() != null && !t.getMessage().isBlank()) {
        root = t;
      }
    }
    String why = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
    if (tls) {
      // Netty's: no TLS answer in time, or a plain one — a Redis without TLS on that port.
      boolean plain = PLAIN_ANSWER.contains(root.getClass().getSimpleName());
      return "TLS handshake failed: "
          + why
          + (plain ? " (rediss:// needs a Redis that serves TLS; redis:// is plain)" : "");
    }
    return top instanceof RedisConnectionException && root != top ? "cannot connect: " + why : why;
  }

  private void degrade(String why) {
    if (closed || !degraded.compareAndSet(false, true)) {
      return;
    }
    StoreStatus s = new StoreStatus(true, describe(why));
    synchronized (this) {
      status = s;
    }
    LOG.log(System.Logger.Level.WARNING, "health store degraded to local health: " + s.detail());
    onStatus.accept(s);
  }

  /**
   * A resync succeeded: ends degraded mode (logged and reported once), and the first one ends
   * "connecting" (not reported: nothing degraded).
   */
  void recovered() {
    if (closed) {
      return;
    }
    StoreStatus s = new StoreStatus(false, "ok: " + target + " namespace " + keys.namespace());
    if (!degraded.compareAndSet(true, false)) {
      synchronized (this) {
        if (!degraded.get() && status == connecting) {
          status = s;
        }
      }
      return;
    }
    synchronized (this) {
      status = s;
    }
    LOG.log(System.Logger.Level.INFO, "health store back on " + target + ": resynced");
    onStatus.accept(s);
  }

  private String describe(String why) {
    return "degraded: "
        + target
        + " namespace "
        + keys.namespace()
        + ": "
        + target.scrub(why)
        + "; using local health";
  }

  private static Throwable unwrap(Throwable e) {
    Throwable t = e;
    while ((t instanceof CompletionException || t instanceof ExecutionException)
        && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }

  @Override
  public void close() {
    closed = true;
    client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
    resources.shutdown(0, 2, TimeUnit.SECONDS);
  }
}
