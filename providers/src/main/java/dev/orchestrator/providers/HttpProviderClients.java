package dev.orchestrator.providers;

import com.github.benmanes.caffeine.cache.Ticker;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.failure.ErrorRule;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.internal.DaemonTimer;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.engine.spi.ProviderClient;
import dev.orchestrator.engine.spi.ProviderClients;
import dev.orchestrator.providers.classify.FailureClassifier;
import dev.orchestrator.providers.classify.FailureEvidence;
import dev.orchestrator.providers.internal.transport.HttpChatTransport;
import dev.orchestrator.providers.internal.transport.SharedHttpClient;
import dev.orchestrator.providers.internal.wire.StreamAssembler;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Function;
import java.util.function.Supplier;
import javax.net.ssl.SSLContext;

/**
 * The HTTP provider clients: one {@link OpenAiChatClient} and one {@link AnthropicMessagesClient}
 * sharing one {@code java.net.http} client (HTTP/2 where a TLS server offers it, the JDK's proxy
 * selector and TLS), chosen by {@link Provider#protocol()}.
 *
 * <p>Connect timeout: set once here ({@link Builder#connectTimeout}, default 10 s). Each attempt's
 * own limits run on a scheduler ({@link Builder#scheduler}, default the shared {@code
 * orchestrator-timer}), measured on a {@link Ticker} ({@link Builder#ticker}, default the system
 * ticker): no response headers within {@code min(headersTimeout, total)} (for streams also {@code
 * firstTokenTimeout}) is a read timeout, and a connect that outlasts the attempt ends with it.
 *
 * <p>Before sending, a provider that needs a key and has none fails {@code auth_failed} naming the
 * variable(s), and a body over {@link Builder#maxRequestBytes} fails {@code request_too_large}.
 * Keys go on the wire only; they never appear in a failure, a log line or {@link #toString()}.
 *
 * <p>Building the clients starts {@link FailureClassifier#prepareInBackground()} (once per
 * process), so that the first failure is not also the one that loads the classifier's rules.
 *
 * <p>Immutable and thread-safe; build with {@link #builder()}.
 */
public final class HttpProviderClients implements ProviderClients {

  /** Default connect timeout of the shared HTTP client. */
  public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(10);

  /** Default bound on a request body: 8 MiB. */
  public static final long DEFAULT_MAX_REQUEST_BYTES = 8L * 1024 * 1024;

  /** This library's version, e.g. {@code 0.1.0}; {@code dev} when unknown. */
  public static final String VERSION = readVersion();

  /** The default User-Agent, {@code orchestrator/<version>}. */
  public static final String DEFAULT_USER_AGENT = "orchestrator/" + VERSION;

  /** The name of the default scheduler's thread: the project's shared timer. */
  static final String TIMER_THREAD_NAME = DaemonTimer.THREAD_NAME;

  private final String userAgent;
  private final Duration connectTimeout;
  private final Credentials credentials;
  private final OpenAiChatClient openAi;
  private final AnthropicMessagesClient anthropic;

  private HttpProviderClients(Builder b) {
    FailureClassifier.prepareInBackground();
    this.userAgent = b.userAgent;
    this.connectTimeout = b.connectTimeout;
    this.credentials = b.credentials;
    // The client's dependent tasks run on its selector thread (a direct executor): the default pool
    // adds one thread wake-up per response before the blocked caller is woken. Safe because the
    // body subscribers never block; TLS handshake tasks run on that thread too, once per pooled
    // connection.
    HttpClient.Builder hb =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_2)
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(b.connectTimeout)
            .executor(Runnable::run);
    if (b.sslContext != null) {
      hb.sslContext(b.sslContext);
    }
    HttpChatTransport transport =
        new HttpChatTransport(
            new SharedHttpClient(hb::build, b.ticker),
            b.scheduler != null ? b.scheduler : DaemonTimer.shared(),
            b.ticker,
            b.clock,
            b.credentials,
            b.userAgent,
            b.maxRequestBytes,
            b.maxMalformedEvents,
            b.classifier);
    this.openAi = new OpenAiChatClient(transport);
    this.anthropic = new AnthropicMessagesClient(transport);
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

  /** Where these clients read API keys (the builder's {@link Builder#credentials}). */
  @Override
  public Optional<Credentials> credentials() {
    return Optional.of(credentials);
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
    private Ticker ticker = Ticker.systemTicker();
    private Clock clock = Clock.systemUTC();
    private ScheduledExecutorService scheduler;
    private Function<FailureEvidence, ProviderFailure> classifier =
        FailureClassifier.INSTANCE::classify;
    private SSLContext sslContext;

    private Builder() {}

    /**
     * An operator's failure rules (a catalog's {@code errors:} section), evaluated before the
     * built-in classification rules (docs/reference.md, "User error rules"); default none.
     */
    public Builder errorRules(List<ErrorRule> rules) {
      this.classifier = FailureClassifier.INSTANCE.withRules(rules)::classify;
      return this;
    }

    /**
     * As {@link #errorRules(List)}, read again for every failure: a server passes the rules of the
     * catalog in force, so a refreshed catalog's {@code errors:} section decides the next failure
     * without a restart.
     */
    public Builder errorRules(Supplier<List<ErrorRule>> rules) {
      Objects.requireNonNull(rules, "rules");
      this.classifier = e -> FailureClassifier.INSTANCE.withRules(rules.get()).classify(e);
      return this;
    }

    /** Test seam: trust a test upstream's self-signed certificate. */
    Builder sslContext(SSLContext sslContext) {
      this.sslContext = Objects.requireNonNull(sslContext, "sslContext");
      return this;
    }

    /** Test seam: observe the evidence the classifier receives. */
    Builder classifier(Function<FailureEvidence, ProviderFailure> classifier) {
      this.classifier = Objects.requireNonNull(classifier, "classifier");
      return this;
    }

    /**
     * The time source of every attempt's limits (default {@link Ticker#systemTicker()}); pass the
     * orchestrator's ticker so that the engine and the transport measure on one clock.
     */
    public Builder ticker(Ticker ticker) {
      this.ticker = Objects.requireNonNull(ticker, "ticker");
      return this;
    }

    /**
     * The wall clock the absolute resets of rate-limit headers (Anthropic's timestamps,
     * OpenRouter's epoch milliseconds) are read against (default {@link Clock#systemUTC()}); pass
     * the orchestrator's clock so that a key's reset and its declared daily limits agree.
     */
    public Builder clock(Clock clock) {
      this.clock = Objects.requireNonNull(clock, "clock");
      return this;
    }

    /**
     * Where the checks of every attempt's limits run (default: one shared daemon thread). Its tasks
     * are short: each aborts an attempt or re-arms itself. The clients never shut it down.
     */
    public Builder scheduler(ScheduledExecutorService scheduler) {
      this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
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
