package dev.orchestrator.serve;

import java.time.Duration;
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

  /** Default worker threads (each in-flight request holds one while its upstream answers). */
  public static final int DEFAULT_THREADS = 256;

  /** Default bound on finishing in-flight requests at shutdown. */
  public static final Duration DEFAULT_SHUTDOWN_GRACE = Duration.ofSeconds(10);

  private final String host;
  private final int port;
  private final String token;
  private final long maxBodyBytes;
  private final int threads;
  private final Duration shutdownGrace;
  private final boolean streamContinuation;
  private final Duration maxCatalogAge;
  private final Consumer<String> accessLog;

  private ServerOptions(Builder b) {
    this.host = b.host;
    this.port = b.port;
    this.token = b.token;
    this.maxBodyBytes = b.maxBodyBytes;
    this.threads = b.threads;
    this.shutdownGrace = b.shutdownGrace;
    this.streamContinuation = b.streamContinuation;
    this.maxCatalogAge = b.maxCatalogAge;
    this.accessLog = b.accessLog;
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

  /** Whether a bearer token guards {@code /v1/*}. */
  public boolean tokenRequired() {
    return token != null;
  }

  /** The bearer token, or {@code null}; only the server's constant-time check reads it. */
  String token() {
    return token;
  }

  /** The largest request body accepted; larger ones get {@code 413}. */
  public long maxBodyBytes() {
    return maxBodyBytes;
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
        + ", threads="
        + threads
        + ", shutdownGrace="
        + shutdownGrace
        + ", streamContinuation="
        + streamContinuation
        + ", maxCatalogAge="
        + maxCatalogAge
        + "}";
  }

  /** Builder for {@link ServerOptions}; validates each value as it is set. Not thread-safe. */
  public static final class Builder {
    private String host = DEFAULT_HOST;
    private int port = DEFAULT_PORT;
    private String token;
    private long maxBodyBytes = DEFAULT_MAX_BODY_BYTES;
    private int threads = DEFAULT_THREADS;
    private Duration shutdownGrace = DEFAULT_SHUTDOWN_GRACE;
    private boolean streamContinuation;
    private Duration maxCatalogAge;
    private Consumer<String> accessLog = System.err::println;

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

    /** The access-log sink (default: standard error); {@code null} turns the log off. */
    public Builder accessLog(Consumer<String> v) {
      accessLog = v;
      return this;
    }

    /** Builds the options. */
    public ServerOptions build() {
      return new ServerOptions(this);
    }
  }
}
