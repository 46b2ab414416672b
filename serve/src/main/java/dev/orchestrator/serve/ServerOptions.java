package dev.orchestrator.serve;

import dev.orchestrator.serve.http.StderrLines;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * How an {@link OrchestratorServer} listens and behaves. Immutable and thread-safe; build one with
 * {@link #builder()}. {@link #toString()} never shows the token.
 */
public final class ServerOptions {
  /** Default bind address: loopback only. */
  public static final String DEFAULT_HOST = "127.0.0.1";

  /** Default port. */
  public static final int DEFAULT_PORT = 8080;

  /** Default request body limit: 4 MiB. */
  public static final long DEFAULT_MAX_BODY_BYTES = 4L * 1024 * 1024;

  /** Default time a request body may take to arrive: 30 s. */
  public static final Duration DEFAULT_BODY_TIMEOUT = Duration.ofSeconds(30);

  /** Default {@link #headTimeout()}: 10 seconds. */
  public static final Duration DEFAULT_HEAD_TIMEOUT = Duration.ofSeconds(10);

  /** Default {@link #maxConnections()}: 4,096. */
  public static final int DEFAULT_MAX_CONNECTIONS = 4096;

  /** Default {@link #writeTimeout()}: 30 seconds. */
  public static final Duration DEFAULT_WRITE_TIMEOUT = Duration.ofSeconds(30);

  /** Default worker threads (each in-flight request holds one while its upstream answers). */
  public static final int DEFAULT_THREADS = 256;

  /** Default bound on finishing in-flight requests at shutdown. */
  public static final Duration DEFAULT_SHUTDOWN_GRACE = Duration.ofSeconds(10);

  /** Default interval between refreshes of the live catalog's sources. */
  public static final Duration DEFAULT_REFRESH_INTERVAL = Duration.ofHours(1);

  /** Default bound on stored Responses-API responses: 10,000. */
  public static final long DEFAULT_RESPONSES_MAX_ENTRIES = 10_000;

  /** Default bound on the bytes of stored responses: 256 MiB. */
  public static final long DEFAULT_RESPONSES_MAX_BYTES = 256L * 1024 * 1024;

  /** Default time a stored response is kept: 1 h. */
  public static final Duration DEFAULT_RESPONSES_TTL = Duration.ofHours(1);

  private final String host;
  private final int port;
  private final String token;
  private final long maxBodyBytes;
  private final Duration bodyTimeout;
  private final Duration headTimeout;
  private final Duration writeTimeout;
  private final int threads;
  private final int maxConnections;
  private final Duration shutdownGrace;
  private final boolean streamContinuation;
  private final Duration maxCatalogAge;
  private final Consumer<String> accessLog;
  private final List<ClientToken> clients;
  private final boolean insecureNoToken;
  private final Duration refreshInterval;
  private final Path spendFile;
  private final boolean readyzIgnoresHealthStore;
  private final boolean publicHealth;
  private final long responsesMaxEntries;
  private final long responsesMaxBytes;
  private final Duration responsesTtl;

  private ServerOptions(Builder b) {
    this.responsesMaxEntries = b.responsesMaxEntries;
    this.responsesMaxBytes = b.responsesMaxBytes;
    this.responsesTtl = b.responsesTtl;
    this.host = b.host;
    this.port = b.port;
    this.token = b.token;
    this.maxBodyBytes = b.maxBodyBytes;
    this.bodyTimeout = b.bodyTimeout;
    this.headTimeout = b.headTimeout;
    this.writeTimeout = b.writeTimeout;
    this.threads = b.threads;
    this.maxConnections = b.maxConnections;
    this.shutdownGrace = b.shutdownGrace;
    this.streamContinuation = b.streamContinuation;
    this.maxCatalogAge = b.maxCatalogAge;
    this.accessLog = b.accessLog;
    this.clients = List.copyOf(b.clients);
    this.insecureNoToken = b.insecureNoToken;
    this.refreshInterval = b.refreshInterval;
    this.spendFile = b.spendFile;
    this.readyzIgnoresHealthStore = b.readyzIgnoresHealthStore;
    this.publicHealth = b.publicHealth;
  }

  /**
   * An access-log sink on standard error (the default): lines gather and leave in one write per
   * batch, whole lines only.
   */
  public static Consumer<String> standardErrorLog() {
    return new StderrLines(System.err);
  }

  /** The defaults: 127.0.0.1:8080, no token, access log on stderr. */
  public static ServerOptions defaults() {
    return builder().build();
  }

  /** A builder starting from the defaults. */
  public static Builder builder() {
    return new Builder();
  }

  /** The address to bind. */
  public String host() {
    return host;
  }

  /** The port to bind; {@code 0} picks a free one (see {@link OrchestratorServer#port()}). */
  public int port() {
    return port;
  }

  /** Whether a bearer token guards {@code /v1/*} (a single token or a tokens file). */
  public boolean tokenRequired() {
    return token != null || !clients.isEmpty();
  }

  /**
   * The clients allowed in: those of the tokens file, plus the single token as client {@value
   * ClientToken#DEFAULT_NAME}; empty when no token is required.
   */
  public List<ClientToken> clients() {
    if (token == null) {
      return clients;
    }
    List<ClientToken> all = new ArrayList<>(clients);
    all.add(ClientToken.of(ClientToken.DEFAULT_NAME, token));
    return List.copyOf(all);
  }

  /** Whether serving a non-loopback address without a token was explicitly allowed. */
  public boolean insecureNoToken() {
    return insecureNoToken;
  }

  /** How often the live catalog's sources are fetched again. */
  public Duration refreshInterval() {
    return refreshInterval;
  }

  /**
   * Where each client's spend is kept across restarts, or {@code null} for memory only; used while
   * a client has a budget, and held by the server alone ({@link LocalSpendStore}).
   */
  public Path spendFile() {
    return spendFile;
  }

  /**
   * Whether {@code /readyz} stays ready while the health store is degraded (ADR 0021): the store's
   * state is then only a detail in the body. Off by default: a degraded store makes the server
   * unready.
   */
  public boolean readyzIgnoresHealthStore() {
    return readyzIgnoresHealthStore;
  }

  /**
   * Whether {@code /readyz}'s detail (catalog sources, credential variables, store status) and
   * {@code /metrics} are shown without a token. Off by default: with a token set, a caller without
   * one sees only the readiness status; {@code /healthz} is always public.
   */
  public boolean publicHealth() {
    return publicHealth;
  }

  /** The most stored Responses-API responses kept (default 10,000). */
  public long responsesMaxEntries() {
    return responsesMaxEntries;
  }

  /** The most bytes of stored Responses-API responses kept (default 256 MiB). */
  public long responsesMaxBytes() {
    return responsesMaxBytes;
  }

  /** How long a stored Responses-API response is kept after it was written (default 1 h). */
  public Duration responsesTtl() {
    return responsesTtl;
  }

  /** The bearer token, or {@code null}; only the server's constant-time check reads it. */
  String token() {
    return token;
  }

  /** The largest request body accepted; larger ones get {@code 413}. */
  public long maxBodyBytes() {
    return maxBodyBytes;
  }

  /**
   * How long a request body may take to arrive; a slower one is {@code 408}. The body is read
   * before a worker thread takes the request, so a slow body holds no thread meanwhile.
   */
  public Duration bodyTimeout() {
    return bodyTimeout;
  }

  /**
   * How long a request head (its request line and headers) may take once begun: at least this and
   * at most twice this from its first byte (the clock, started at the connection's opening and at
   * the end of each exchange, is read once a bound). Past it the connection is answered {@code 408}
   * and closed, so that a client trickling its head a byte at a time, under the idle timeout, holds
   * no connection for longer. A new connection that sends nothing within it is closed silently; an
   * idle kept-alive connection (a client's pool) is left to the idle timeout. The body has its own
   * bound, {@link #bodyTimeout()}.
   */
  public Duration headTimeout() {
    return headTimeout;
  }

  /**
   * The most client connections held at once. At the cap the server accepts no further connection:
   * those wait in the operating system's accept queue until one closes (Jetty's {@code
   * NetworkConnectionLimit}). Well above {@link #threads()}, since idle kept-alive connections and
   * requests whose bodies are still arriving hold a connection but no worker.
   */
  public int maxConnections() {
    return maxConnections;
  }

  /**
   * How long one write of an answer may wait for the client to take its bytes. A client that takes
   * none for that long (it stopped reading, or reads slower than a byte in this time) is gone: its
   * request is cancelled as if it had closed the connection — its upstream call too, counted
   * against no route — and the connection is closed.
   */
  public Duration writeTimeout() {
    return writeTimeout;
  }

  /** Worker threads; requests beyond them queue. */
  public int threads() {
    return threads;
  }

  /** How long {@link OrchestratorServer#close()} waits for in-flight requests. */
  public Duration shutdownGrace() {
    return shutdownGrace;
  }

  /**
   * Whether a stream cut after visible output is resumed on a candidate the catalog marks as
   * accepting an assistant prefill ({@code Capability.PREFILL}). Off by default.
   */
  public boolean streamContinuation() {
    return streamContinuation;
  }

  /** The catalog age after which {@code /readyz} reports not ready, or {@code null} for never. */
  public Duration maxCatalogAge() {
    return maxCatalogAge;
  }

  /** Where access-log lines (one JSON object each) go; called from one background thread. */
  public Consumer<String> accessLog() {
    return accessLog;
  }

  @Override
  public String toString() {
    return "ServerOptions{host="
        + host
        + ", port="
        + port
        + ", token="
        + (token == null ? "none" : "[redacted]")
        + ", maxBodyBytes="
        + maxBodyBytes
        + ", bodyTimeout="
        + bodyTimeout
        + ", headTimeout="
        + headTimeout
        + ", writeTimeout="
        + writeTimeout
        + ", threads="
        + threads
        + ", maxConnections="
        + maxConnections
        + ", shutdownGrace="
        + shutdownGrace
        + ", streamContinuation="
        + streamContinuation
        + ", maxCatalogAge="
        + maxCatalogAge
        + ", clients="
        + clients.size()
        + ", refreshInterval="
        + refreshInterval
        + ", spendFile="
        + spendFile
        + ", readyzIgnoresHealthStore="
        + readyzIgnoresHealthStore
        + ", publicHealth="
        + publicHealth
        + ", responsesMaxEntries="
        + responsesMaxEntries
        + ", responsesMaxBytes="
        + responsesMaxBytes
        + ", responsesTtl="
        + responsesTtl
        + "}";
  }

  /** Builder for {@link ServerOptions}; validates each value as it is set. Not thread-safe. */
  public static final class Builder {
    private String host = DEFAULT_HOST;
    private int port = DEFAULT_PORT;
    private String token;
    private long maxBodyBytes = DEFAULT_MAX_BODY_BYTES;
    private Duration bodyTimeout = DEFAULT_BODY_TIMEOUT;
    private Duration headTimeout = DEFAULT_HEAD_TIMEOUT;
    private Duration writeTimeout = DEFAULT_WRITE_TIMEOUT;
    private int threads = DEFAULT_THREADS;
    private int maxConnections = DEFAULT_MAX_CONNECTIONS;
    private Duration shutdownGrace = DEFAULT_SHUTDOWN_GRACE;
    private boolean streamContinuation;
    private Duration maxCatalogAge;
    private Consumer<String> accessLog = standardErrorLog();
    private final List<ClientToken> clients = new ArrayList<>();
    private boolean insecureNoToken;
    private Duration refreshInterval = DEFAULT_REFRESH_INTERVAL;
    private Path spendFile;
    private boolean readyzIgnoresHealthStore;
    private boolean publicHealth;
    private long responsesMaxEntries = DEFAULT_RESPONSES_MAX_ENTRIES;
    private long responsesMaxBytes = DEFAULT_RESPONSES_MAX_BYTES;
    private Duration responsesTtl = DEFAULT_RESPONSES_TTL;

    private Builder() {}

    /** The bind address (default {@value ServerOptions#DEFAULT_HOST}). */
    public Builder host(String v) {
      Objects.requireNonNull(v, "host");
      if (v.isBlank()) {
        throw new IllegalArgumentException("host: blank (expected: an address such as 127.0.0.1)");
      }
      host = v;
      return this;
    }

    /** The port (default {@value ServerOptions#DEFAULT_PORT}; 0 picks a free one). */
    public Builder port(int v) {
      if (v < 0 || v > 65535) {
        throw new IllegalArgumentException("port: " + v + " (expected: 0..65535)");
      }
      port = v;
      return this;
    }

    /** A bearer token that guards {@code /v1/*}; {@code null} or blank for none. */
    public Builder token(String v) {
      token = v == null || v.isBlank() ? null : v;
      return this;
    }

    /** The request body limit in bytes (default 4 MiB). */
    public Builder maxBodyBytes(long v) {
      if (v < 1024 || v > 256L * 1024 * 1024) {
        throw new IllegalArgumentException("maxBodyBytes: " + v + " (expected: 1024..268435456)");
      }
      maxBodyBytes = v;
      return this;
    }

    /** How long a request body may take to arrive (default 30 s, at least 100 ms). */
    public Builder bodyTimeout(Duration v) {
      Objects.requireNonNull(v, "bodyTimeout");
      if (v.toMillis() < 100) {
        throw new IllegalArgumentException("bodyTimeout: " + v + " (expected: at least 100 ms)");
      }
      bodyTimeout = v;
      return this;
    }

    /**
     * How long a connection may go without a complete request head (default 10 s; 100 ms .. 1 h).
     */
    public Builder headTimeout(Duration v) {
      Objects.requireNonNull(v, "headTimeout");
      if (v.toMillis() < 100 || v.compareTo(Duration.ofHours(1)) > 0) {
        throw new IllegalArgumentException(
            "headTimeout: " + v.toMillis() + " ms (expected: 100..3600000 ms)");
      }
      headTimeout = v;
      return this;
    }

    /** The most client connections held at once (default 4,096; 1..1,000,000). */
    public Builder maxConnections(int v) {
      if (v < 1 || v > 1_000_000) {
        throw new IllegalArgumentException("maxConnections: " + v + " (expected: 1..1000000)");
      }
      maxConnections = v;
      return this;
    }

    /** How long one write may wait for the client to take bytes (default 30 s, at least 100 ms). */
    public Builder writeTimeout(Duration v) {
      Objects.requireNonNull(v, "writeTimeout");
      if (v.toMillis() < 100) {
        throw new IllegalArgumentException("writeTimeout: " + v + " (expected: at least 100 ms)");
      }
      writeTimeout = v;
      return this;
    }

    /** Worker threads (default {@value ServerOptions#DEFAULT_THREADS}). */
    public Builder threads(int v) {
      if (v < 1 || v > 4096) {
        throw new IllegalArgumentException("threads: " + v + " (expected: 1..4096)");
      }
      threads = v;
      return this;
    }

    /** The bound on finishing in-flight requests at shutdown (default 10 s). */
    public Builder shutdownGrace(Duration v) {
      Objects.requireNonNull(v, "shutdownGrace");
      if (v.isNegative() || v.compareTo(Duration.ofMinutes(10)) > 0) {
        throw new IllegalArgumentException(
            "shutdownGrace: " + v.toMillis() + " ms (expected: 0..600000 ms)");
      }
      shutdownGrace = v;
      return this;
    }

    /** Turns stream continuation on prefill-capable candidates on or off (default off). */
    public Builder streamContinuation(boolean v) {
      streamContinuation = v;
      return this;
    }

    /** The catalog age after which readiness fails; {@code null} (default) for never. */
    public Builder maxCatalogAge(Duration v) {
      if (v != null && (v.isNegative() || v.isZero())) {
        throw new IllegalArgumentException(
            "maxCatalogAge: " + v.toMillis() + " ms (expected: > 0, or none)");
      }
      maxCatalogAge = v;
      return this;
    }

    /**
     * The access-log sink (default: standard error), called with one line at a time from one
     * background thread; when it is also {@link java.io.Flushable} it is flushed after each batch
     * of lines (so it may gather them into one write). {@code null} turns the log off.
     */
    public Builder accessLog(Consumer<String> v) {
      accessLog = v;
      return this;
    }

    /** The clients of a tokens file ({@link TokensFile#read}), besides any single token. */
    public Builder clients(List<ClientToken> v) {
      List<ClientToken> all = new ArrayList<>(clients);
      all.addAll(v);
      if (all.stream().map(ClientToken::name).distinct().count() != all.size()) {
        throw new IllegalArgumentException("clients: duplicate names (expected: each name once)");
      }
      clients.clear();
      clients.addAll(all);
      return this;
    }

    /** Allows a non-loopback host without any token (default {@code false}: refuse to start). */
    public Builder insecureNoToken(boolean v) {
      insecureNoToken = v;
      return this;
    }

    /** How often the live catalog's sources are fetched again (default 1 h; 10 s .. 7 days). */
    public Builder refreshInterval(Duration v) {
      Objects.requireNonNull(v, "refreshInterval");
      if (v.compareTo(Duration.ofSeconds(10)) < 0 || v.compareTo(Duration.ofDays(7)) > 0) {
        throw new IllegalArgumentException(
            "refreshInterval: " + v.getSeconds() + " s (expected: 10..604800 s)");
      }
      refreshInterval = v;
      return this;
    }

    /**
     * Where spend is kept across restarts (default none: memory only). A server with a budgeted
     * client holds it until it closes, and does not start while another process holds it.
     */
    public Builder spendFile(Path v) {
      spendFile = v;
      return this;
    }

    /**
     * Keeps {@code /readyz} ready while the health store is degraded (default off), so that an
     * outage of a fleet's shared Redis does not take every replica out of a load balancer at once.
     */
    public Builder readyzIgnoresHealthStore(boolean v) {
      readyzIgnoresHealthStore = v;
      return this;
    }

    /** Shows {@code /readyz}'s detail and {@code /metrics} without a token (default off). */
    public Builder publicHealth(boolean v) {
      publicHealth = v;
      return this;
    }

    /** The most stored Responses-API responses kept (default 10,000; 1..100,000,000). */
    public Builder responsesMaxEntries(long v) {
      if (v < 1 || v > 100_000_000L) {
        throw new IllegalArgumentException(
            "responsesMaxEntries: " + v + " (expected: 1..100000000)");
      }
      responsesMaxEntries = v;
      return this;
    }

    /** The most bytes of stored responses kept (default 256 MiB; 1 KiB .. 1 TiB). */
    public Builder responsesMaxBytes(long v) {
      if (v < 1024 || v > 1L << 40) {
        throw new IllegalArgumentException(
            "responsesMaxBytes: " + v + " (expected: 1024..1099511627776)");
      }
      responsesMaxBytes = v;
      return this;
    }

    /** How long a stored response is kept after it was written (default 1 h; 1 s .. 30 days). */
    public Builder responsesTtl(Duration v) {
      Objects.requireNonNull(v, "responsesTtl");
      if (v.compareTo(Duration.ofSeconds(1)) < 0 || v.compareTo(Duration.ofDays(30)) > 0) {
        throw new IllegalArgumentException(
            "responsesTtl: " + v.getSeconds() + " s (expected: 1..2592000 s)");
      }
      responsesTtl = v;
      return this;
    }

    /**
     * Builds the options.
     *
     * @throws IllegalArgumentException when the host is not a loopback address, no token is set and
     *     {@link #insecureNoToken} was not given
     */
    public ServerOptions build() {
      if (token == null && clients.isEmpty() && !insecureNoToken && !loopback(host)) {
        throw new IllegalArgumentException(
            "host: "
                + host
                + " is not a loopback address and no bearer token is set (expected: a token —"
                + " --token, env ORCHESTRATOR_TOKEN or --tokens-file — or --insecure-no-token to"
                + " serve every interface unauthenticated)");
      }
      return new ServerOptions(this);
    }

    private static boolean loopback(String host) {
      try {
        return InetAddress.getByName(host).isLoopbackAddress();
      } catch (UnknownHostException e) {
        return false;
      }
    }
  }
}
