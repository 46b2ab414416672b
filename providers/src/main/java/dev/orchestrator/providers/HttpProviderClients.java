package dev.orchestrator.providers;

import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.engine.spi.ProviderClient;
import dev.orchestrator.engine.spi.ProviderClients;
import dev.orchestrator.providers.classify.FailureClassifier;
import dev.orchestrator.providers.classify.FailureEvidence;
import dev.orchestrator.providers.internal.StreamAssembler;
import dev.orchestrator.providers.internal.http1.Http1Client;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Objects;
import java.util.Properties;
import java.util.function.Function;
import javax.net.ssl.SSLContext;

/**
 * The HTTP provider clients: one {@link OpenAiChatClient} and one {@link AnthropicMessagesClient}
 * sharing one HTTP client, chosen by {@link Provider#protocol()}.
 *
 * <p>The HTTP client ({@link Builder#transport}, ADR 0025): by default {@link
 * Transport#HTTP1_SOCKETS}, an own HTTP/1.1 client over blocking sockets that exchanges each
 * request on the calling thread (keep-alive pool per origin whose idle connections the server
 * closed are reaped, TLS with hostname verification and SNI; origins that the JDK's default proxy
 * selector proxies still go over {@code java.net.http}). {@link Transport#JAVA_NET_HTTP} is the
 * JDK's client (HTTP/2 where a TLS server offers it). The system property {@value
 * #TRANSPORT_PROPERTY} ({@code sockets} or {@code jdk}) sets the default, so an application built
 * on the defaults (such as {@code serve}) can switch without code.
 *
 * <p>Connect timeout: set once here ({@link Builder#connectTimeout}, default 10 s). Each attempt's
 * own limits then run on a shared watchdog: no response headers within {@code min(headersTimeout,
 * total)} (for streams also {@code firstTokenTimeout}) is a read timeout, and a connect that
 * outlasts the attempt ends with it.
 *
 * <p>Before sending, a provider that needs a key and has none fails {@code auth_failed} naming the
 * variable(s), and a body over {@link Builder#maxRequestBytes} fails {@code request_too_large}.
 * Keys go on the wire only; they never appear in a failure, a log line or {@link #toString()}.
 *
 * <p>Immutable and thread-safe; build with {@link #builder()}.
 */
public final class HttpProviderClients implements ProviderClients {

  /** The system property naming the default {@link Transport}: {@code jdk} or {@code sockets}. */
  public static final String TRANSPORT_PROPERTY = "orchestrator.http.transport";

  /** Default connect timeout of the shared HTTP client. */
  public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(10);

  /** Default bound on a request body: 8 MiB. */
  public static final long DEFAULT_MAX_REQUEST_BYTES = 8L * 1024 * 1024;

  /** This library's version, e.g. {@code 0.1.0}; {@code dev} when unknown. */
  public static final String VERSION = readVersion();

  /** The default User-Agent, {@code orchestrator/<version>}. */
  public static final String DEFAULT_USER_AGENT = "orchestrator/" + VERSION;

  private final String userAgent;
  private final Duration connectTimeout;
  private final Transport transport;
  private final OpenAiChatClient openAi;
  private final AnthropicMessagesClient anthropic;

  private HttpProviderClients(Builder b) {
    this.userAgent = b.userAgent;
    this.connectTimeout = b.connectTimeout;
    this.transport = b.transport;
    // The client's dependent tasks run on its selector thread (a direct executor): the default pool
    // added one thread wake-up per response before the blocked caller was woken (measured through
    // serve: p50 at one connection 1.1 ms -> 0.78 ms, 64 connections +30 % req/s; ADR 0011). Safe
    // because the only body handler is ofInputStream, whose subscriber never blocks; TLS handshake
    // tasks run on that thread too, once per pooled connection.
    SSLContext ssl = b.sslContext != null ? b.sslContext : defaultSsl();
    HttpClient http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_2)
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(b.connectTimeout)
            .sslContext(ssl)
            .executor(Runnable::run)
            .build();
    Exchange jdk = new JdkExchange(http);
    Exchange exchange =
        b.transport == Transport.JAVA_NET_HTTP
            ? jdk
            : new SocketExchange(
                new Http1Client(
                    b.connectTimeout,
                    ssl,
                    MAX_RESPONSE_HEAD_BYTES,
                    MAX_IDLE_PER_ORIGIN,
                    IDLE_TIMEOUT),
                jdk);
    HttpChatTransport transport =
        new HttpChatTransport(
            exchange,
            b.credentials,
            b.userAgent,
            b.maxRequestBytes,
            b.maxMalformedEvents,
            b.classifier);
    this.openAi = new OpenAiChatClient(transport);
    this.anthropic = new AnthropicMessagesClient(transport);
  }

  /** Most bytes of a response's status line and headers (the socket client's bound). */
  static final int MAX_RESPONSE_HEAD_BYTES = 128 * 1024;

  /** Most idle keep-alive connections the socket client keeps per origin. */
  static final int MAX_IDLE_PER_ORIGIN = 256;

  /** How long the socket client keeps an idle connection. */
  static final Duration IDLE_TIMEOUT = Duration.ofSeconds(30);

  /** Which HTTP client carries the requests (ADR 0025). */
  public enum Transport {
    /**
     * The own HTTP/1.1 client over blocking sockets, on the calling thread (the default); proxied
     * origins go over {@code java.net.http}.
     */
    HTTP1_SOCKETS,
    /** {@code java.net.http}: HTTP/2 where offered, proxies, the JDK's selector thread. */
    JAVA_NET_HTTP;

    /** The value of {@link #TRANSPORT_PROPERTY}: {@code sockets} (or unset), or {@code jdk}. */
    static Transport fromProperty(String value) {
      if (value == null || value.isBlank() || value.strip().equalsIgnoreCase("sockets")) {
        return HTTP1_SOCKETS;
      }
      if (value.strip().equalsIgnoreCase("jdk")) {
        return JAVA_NET_HTTP;
      }
      throw new IllegalArgumentException(
          TRANSPORT_PROPERTY + ": '" + value + "' (expected: jdk or sockets)");
    }
  }

  private static SSLContext defaultSsl() {
    try {
      return SSLContext.getDefault();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("no default TLS context: " + e.getMessage(), e);
    }
  }

  /** A builder with the defaults: credentials from the environment, {@link #DEFAULT_USER_AGENT}. */
  public static Builder builder() {
    return new Builder();
  }

  /** The client for {@code provider}'s protocol. */
  @Override
  public ProviderClient clientFor(Provider provider) {
    Objects.requireNonNull(provider, "provider");
    return switch (provider.protocol()) {
      case OPENAI_CHAT -> openAi;
      case ANTHROPIC_MESSAGES -> anthropic;
    };
  }

  /** The OpenAI-compatible chat completions client. */
  public OpenAiChatClient openAiChat() {
    return openAi;
  }

  /** The Anthropic Messages client. */
  public AnthropicMessagesClient anthropicMessages() {
    return anthropic;
  }

  /** The HTTP client carrying the requests. */
  public Transport transport() {
    return transport;
  }

  /** The User-Agent sent with every request. */
  public String userAgent() {
    return userAgent;
  }

  @Override
  public String toString() {
    return "HttpProviderClients[userAgent="
        + userAgent
        + ", connectTimeout="
        + connectTimeout
        + ", transport="
        + transport
        + "]";
  }

  private static String readVersion() {
    try (InputStream in = HttpProviderClients.class.getResourceAsStream("version.properties")) {
      if (in != null) {
        Properties p = new Properties();
        p.load(in);
        String v = p.getProperty("version", "");
        if (!v.isBlank() && !v.startsWith("$")) {
          return v.trim();
        }
      }
    } catch (IOException ignored) {
      // fall through: an unknown version is not worth failing for
    }
    return "dev";
  }

  /** Builder for {@link HttpProviderClients}; not thread-safe. {@link #build()} copies. */
  public static final class Builder {
    private Credentials credentials = Credentials.fromEnvironment();
    private String userAgent = DEFAULT_USER_AGENT;
    private Duration connectTimeout = DEFAULT_CONNECT_TIMEOUT;
    private long maxRequestBytes = DEFAULT_MAX_REQUEST_BYTES;
    private int maxMalformedEvents = StreamAssembler.DEFAULT_MAX_MALFORMED_EVENTS;
    private Transport transport = Transport.fromProperty(System.getProperty(TRANSPORT_PROPERTY));
    private SSLContext sslContext;
    private Function<FailureEvidence, ProviderFailure> classifier =
        FailureClassifier.INSTANCE::classify;

    private Builder() {}

    /** Test seam: observe the evidence the classifier receives. */
    Builder classifier(Function<FailureEvidence, ProviderFailure> classifier) {
      this.classifier = Objects.requireNonNull(classifier, "classifier");
      return this;
    }

    /** Test seam: the TLS context of both HTTP clients (default: the JDK's default context). */
    Builder sslContext(SSLContext sslContext) {
      this.sslContext = Objects.requireNonNull(sslContext, "sslContext");
      return this;
    }

    /**
     * The HTTP client (default {@link Transport#HTTP1_SOCKETS}, the calling-thread client, or what
     * {@value #TRANSPORT_PROPERTY} says); {@link Transport#JAVA_NET_HTTP} for the JDK's client.
     */
    public Builder transport(Transport transport) {
      this.transport = Objects.requireNonNull(transport, "transport");
      return this;
    }

    /** Where API keys come from (default: the process environment). */
    public Builder credentials(Credentials credentials) {
      this.credentials = Objects.requireNonNull(credentials, "credentials");
      return this;
    }

    /** The User-Agent header (default {@code orchestrator/<version>}). */
    public Builder userAgent(String userAgent) {
      Objects.requireNonNull(userAgent, "userAgent");
      if (userAgent.isBlank() || userAgent.chars().anyMatch(c -> c < ' ' || c == 127)) {
        throw new IllegalArgumentException(
            "userAgent: '" + userAgent + "' (expected: non-blank, no control characters)");
      }
      this.userAgent = userAgent;
      return this;
    }

    /** The shared HTTP client's connect timeout (default 10 s). */
    public Builder connectTimeout(Duration connectTimeout) {
      Objects.requireNonNull(connectTimeout, "connectTimeout");
      if (connectTimeout.isNegative() || connectTimeout.isZero()) {
        throw new IllegalArgumentException(
            "connectTimeout: " + connectTimeout + " (expected: > 0)");
      }
      this.connectTimeout = connectTimeout;
      return this;
    }

    /** Largest request body sent (default 8 MiB); larger ones fail without being sent. */
    public Builder maxRequestBytes(long maxRequestBytes) {
      if (maxRequestBytes < 1) {
        throw new IllegalArgumentException(
            "maxRequestBytes: " + maxRequestBytes + " (expected: >= 1)");
      }
      this.maxRequestBytes = maxRequestBytes;
      return this;
    }

    /**
     * Invalid events skipped in an otherwise healthy stream, counted in the trace (default 3); one
     * more ends the stream as malformed.
     */
    public Builder maxMalformedEvents(int v) {
      if (v < 0) {
        throw new IllegalArgumentException("maxMalformedEvents: " + v + " (expected: >= 0)");
      }
      this.maxMalformedEvents = v;
      return this;
    }

    /** Builds the clients; the builder may be reused. */
    public HttpProviderClients build() {
      return new HttpProviderClients(this);
    }
  }
}
