package dev.orchestrator.cli;

import dev.orchestrator.catalog.CatalogException;
import dev.orchestrator.engine.OrchestratorPolicy;
import dev.orchestrator.health.redis.RedisHealthStore;
import dev.orchestrator.serve.ClientToken;
import dev.orchestrator.serve.LiveCatalog;
import dev.orchestrator.serve.OrchestratorServer;
import dev.orchestrator.serve.ServerOptions;
import dev.orchestrator.serve.TokensFile;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code orchestrator serve}: the engine behind an OpenAI-compatible HTTP API (docs/reference.md
 * §5). Thin: loads the catalog, builds the options and runs {@link OrchestratorServer} until the
 * process is stopped (SIGINT/SIGTERM trigger a graceful shutdown).
 */
@Command(
    name = "serve",
    mixinStandardHelpOptions = true,
    description = {
      "Serves POST /v1/chat/completions (JSON and SSE), POST /v1/messages (Anthropic"
          + " Messages), POST /v1/responses (OpenAI Responses), GET /v1/models, GET /healthz,"
          + " GET /readyz and GET /metrics with the orchestrator's failover behind them. Point"
          + " any OpenAI client at http://HOST:PORT/v1 (an Anthropic client at"
          + " http://HOST:PORT) and ask for orchestrator/free, orchestrator/auto, a group or a"
          + " route id."
    })
public final class ServeCommand implements Callable<Integer> {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  // The names ServerOptions and OrchestratorPolicy give their settings in messages, and the
  // options that set them in the same unit (--session-ttl-s and --max-catalog-age-s are checked
  // before, since the library counts them in milliseconds).
  private static final String[][] OPTION_NAMES = {
    {"host", "--host"},
    {"port", "--port"},
    {"maxBodyBytes", "--max-body-bytes"},
    {"threads", "--threads"},
    {"maxConnections", "--max-connections"},
    {"headTimeout", "--head-timeout-ms"},
    {"shutdownGrace", "--shutdown-grace-ms"},
    {"refreshInterval", "--refresh-interval-s"},
    {"responsesMaxEntries", "--responses-max-entries"},
    {"responsesMaxBytes", "--responses-max-bytes"},
    {"responsesTtl", "--responses-ttl-s"},
    {"deadline", "--deadline-ms"},
    {"attemptTimeout", "--attempt-timeout-ms"},
    {"firstTokenTimeout", "--first-token-timeout-ms"},
    {"streamIdleTimeout", "--stream-idle-timeout-ms"},
  };

  @Mixin CatalogOptions catalogOptions;

  @Mixin HealthStoreOptions healthStoreOptions;

  @Option(
      names = "--config",
      paramLabel = "PATH",
      description = "Own configuration (JSON or YAML), repeatable; applied after --catalog files.")
  List<Path> configs = new ArrayList<>();

  @Option(names = "--port", paramLabel = "N", description = "Port (default: ${DEFAULT-VALUE}).")
  int port = ServerOptions.DEFAULT_PORT;

  @Option(
      names = "--host",
      paramLabel = "ADDR",
      description =
          "Bind address (default: ${DEFAULT-VALUE}; a non-loopback address needs a token or"
              + " --insecure-no-token).")
  String host = ServerOptions.DEFAULT_HOST;

  @Option(
      names = "--source",
      paramLabel = "URL|PATH",
      description =
          "Catalog source refreshed while serving, repeatable: Models.dev api.json, OpenRouter"
              + " /api/v1/models or own config; laid over --catalog, under --config.")
  List<String> sources = new ArrayList<>();

  @Option(
      names = "--refresh-interval-s",
      paramLabel = "S",
      description = "Seconds between refreshes of the --source catalogs (default: 3600).")
  long refreshIntervalSeconds = ServerOptions.DEFAULT_REFRESH_INTERVAL.getSeconds();

  @Mixin CacheDirOption cacheDir;

  @Option(
      names = "--tokens-file",
      paramLabel = "PATH",
      description =
          "Clients allowed in (YAML or JSON): name, token or sha256, optional budgetUsdPerDay /"
              + " budgetUsdPerMonth and a models allow-list.")
  Path tokensFile;

  @Option(
      names = "--insecure-no-token",
      description = "Serve a non-loopback --host without any token (no authentication at all).")
  boolean insecureNoToken;

  @Option(
      names = "--token",
      paramLabel = "TOKEN",
      description =
          "Bearer token clients must send (default: env ORCHESTRATOR_TOKEN; prefer the env var,"
              + " command lines are visible to other users).")
  String token;

  @Option(
      names = "--max-body-bytes",
      paramLabel = "N",
      description = "Request body limit (default: ${DEFAULT-VALUE}).")
  long maxBodyBytes = ServerOptions.DEFAULT_MAX_BODY_BYTES;

  @Option(
      names = "--threads",
      paramLabel = "N",
      description = "Worker threads, i.e. concurrent requests (default: ${DEFAULT-VALUE}).")
  int threads = ServerOptions.DEFAULT_THREADS;

  @Option(
      names = "--max-connections",
      paramLabel = "N",
      description =
          "Most client connections held at once; further ones wait to be accepted until one"
              + " closes (default: ${DEFAULT-VALUE}).")
  int maxConnections = ServerOptions.DEFAULT_MAX_CONNECTIONS;

  @Option(
      names = "--head-timeout-ms",
      paramLabel = "MS",
      description =
          "Time a connection may take to send a whole request head (request line and headers),"
              + " from its opening or its previous answer; then 408 and closed (default: 10000).")
  long headTimeoutMs = ServerOptions.DEFAULT_HEAD_TIMEOUT.toMillis();

  @Option(
      names = "--shutdown-grace-ms",
      paramLabel = "MS",
      description = "Time in-flight requests get at shutdown (default: 10000).")
  long shutdownGraceMs = ServerOptions.DEFAULT_SHUTDOWN_GRACE.toMillis();

  @Option(
      names = "--deadline-ms",
      paramLabel = "MS",
      description = "Per-request deadline over every attempt (default: policy, 300000).")
  Long deadlineMs;

  @Option(
      names = "--attempt-timeout-ms",
      paramLabel = "MS",
      description = "Per-attempt timeout (default: policy, 120000).")
  Long attemptTimeoutMs;

  @Option(
      names = "--first-token-timeout-ms",
      paramLabel = "MS",
      description = "Time-to-first-token limit; fails over before any output (default: 45000).")
  Long firstTokenTimeoutMs;

  @Option(
      names = "--stream-idle-timeout-ms",
      paramLabel = "MS",
      description = "Longest silence inside a stream (default: 30000).")
  Long streamIdleTimeoutMs;

  @Option(
      names = "--session-ttl-s",
      paramLabel = "S",
      description =
          "How long an agent's session stays on the route that last answered it (default: 300;"
              + " 0 turns session affinity off).")
  Long sessionTtlS;

  @Option(
      names = "--strategy",
      paramLabel = "cost|quality|latency|throughput|reliability",
      description =
          "Ranking of orchestrator/auto; latency, throughput and reliability rank by observed"
              + " figures (default: cost).")
  String strategy;

  @Option(
      names = "--learning",
      description =
          "Let observed figures (time to first token, throughput, success, valid tool calls)"
              + " correct the cost and quality orders and the order of pools (default: off).")
  boolean learning;

  @Option(
      names = "--stream-continuation",
      description =
          "Resume a stream cut after output on a candidate the catalog marks 'prefill' (default:"
              + " off).")
  boolean streamContinuation;

  @Option(
      names = "--max-catalog-age-s",
      paramLabel = "S",
      description = "Catalog age after which /readyz reports not ready (default: never).")
  Long maxCatalogAgeSeconds;

  @Option(
      names = "--responses-max-entries",
      paramLabel = "N",
      description = "Most stored /v1/responses answers kept (default: ${DEFAULT-VALUE}).")
  long responsesMaxEntries = ServerOptions.DEFAULT_RESPONSES_MAX_ENTRIES;

  @Option(
      names = "--responses-max-bytes",
      paramLabel = "N",
      description = "Most bytes of stored /v1/responses answers kept (default: ${DEFAULT-VALUE}).")
  long responsesMaxBytes = ServerOptions.DEFAULT_RESPONSES_MAX_BYTES;

  @Option(
      names = "--responses-ttl-s",
      paramLabel = "S",
      description = "How long a stored /v1/responses answer is kept (default: ${DEFAULT-VALUE}).")
  long responsesTtlSeconds = ServerOptions.DEFAULT_RESPONSES_TTL.getSeconds();

  @Option(names = "--no-access-log", description = "Do not write the access log to stderr.")
  boolean noAccessLog;

  @Option(
      names = "--public-health",
      description =
          "Show /readyz's detail and /metrics without a token (default: with a token set, callers"
              + " without one see only the readiness status; /healthz is always public).")
  boolean publicHealth;

  @Override
  public Integer call() throws InterruptedException {
    ServeLog.install(); // one line per log record, unless the operator configured the log
    Running running = start(spec.commandLine().getErr());
    Runtime.getRuntime().addShutdownHook(new Thread(running::close, "orchestrator-serve-shutdown"));
    running.server().awaitShutdown();
    return OrchestratorCli.EXIT_OK;
  }

  /**
   * Starts the server as the options say and prints where it listens; the caller closes it.
   *
   * @throws CliException for bad options or input, or when the server cannot start
   */
  Running start(PrintWriter err) {
    if (sessionTtlS != null && sessionTtlS < 0) {
      throw CliException.usage("--session-ttl-s: " + sessionTtlS + " (expected: >= 0)");
    }
    if (maxCatalogAgeSeconds != null && maxCatalogAgeSeconds <= 0) {
      throw CliException.usage(
          "--max-catalog-age-s: " + maxCatalogAgeSeconds + " (expected: > 0, or leave it out)");
    }
    if (maxCatalogAgeSeconds != null && sources.isEmpty()) {
      // Nothing refreshes a catalog of files alone: /readyz would turn 503 for good after S s.
      throw CliException.usage(
          "--max-catalog-age-s: needs a --source (a catalog of --catalog files or the embedded"
              + " one is never refreshed, so it would only grow older; leave it out)");
    }
    if (token != null && token.isBlank()) {
      // --token "$UNSET" would otherwise serve unguarded, as a tokens file's tokens: [] would.
      throw CliException.usage(
          "--token: empty (expected: the bearer token clients must send; to serve without"
              + " authentication, leave out --token)");
    }
    Path cache = cacheDir.directory();
    List<ClientToken> clients = clients();
    String effectiveToken = token != null ? token : System.getenv("ORCHESTRATOR_TOKEN");
    checkTokenBesideFile(effectiveToken, clients);
    ServerOptions options;
    OrchestratorPolicy policy;
    try {
      options =
          ServerOptions.builder()
              .host(host)
              .port(port)
              .token(effectiveToken)
              .clients(clients)
              .insecureNoToken(insecureNoToken)
              .maxBodyBytes(maxBodyBytes)
              .threads(threads)
              .maxConnections(maxConnections)
              .headTimeout(Duration.ofMillis(headTimeoutMs))
              .shutdownGrace(Duration.ofMillis(shutdownGraceMs))
              .streamContinuation(streamContinuation)
              .maxCatalogAge(
                  maxCatalogAgeSeconds == null ? null : Duration.ofSeconds(maxCatalogAgeSeconds))
              .refreshInterval(Duration.ofSeconds(refreshIntervalSeconds))
              .spendFile(cache.resolve("spend.json")) // used without a health store
              .readyzIgnoresHealthStore(healthStoreOptions.readyzIgnoresHealthStore)
              .publicHealth(publicHealth)
              .responsesMaxEntries(responsesMaxEntries)
              .responsesMaxBytes(responsesMaxBytes)
              .responsesTtl(Duration.ofSeconds(responsesTtlSeconds))
              .accessLog(noAccessLog ? null : ServerOptions.standardErrorLog())
              .build();
      policy = policy();
    } catch (IllegalArgumentException e) {
      throw CliException.usage(UsageMessages.forOption(e.getMessage(), OPTION_NAMES));
    }
    LiveCatalog catalog = loadCatalog(cache);
    checkAllowLists(catalog, err);
    // null: in memory, spend in the cache dir. Routes are judged by the policy's breaker settings
    // on either store (the probe lease follows the attempt timeout). The fleet's spend is kept in
    // the cache dir too, for a start while Redis is unreachable (ADR 0052).
    RedisHealthStore health =
        healthStoreOptions.open(policy.breakers(), cache.resolve("fleet-spend.txt"));
    OrchestratorServer server;
    try {
      OrchestratorServer.Builder b =
          OrchestratorServer.builder().liveCatalog(catalog).policy(policy).options(options);
      if (health != null) {
        b.configure(o -> o.healthStore(health))
            .spendStore(health.spendStore())
            .responseStore(
                health.responses(
                    options.responsesMaxEntries(),
                    options.responsesMaxBytes(),
                    options.responsesTtl()));
      }
      server = b.start();
    } catch (UncheckedIOException e) {
      if (health != null) {
        health.close();
      }
      throw new CliException(OrchestratorCli.EXIT_ERROR, e.getMessage(), e);
    }
    err.println(
        "orchestrator serve: listening on "
            + server.baseUrl()
            + " ("
            + catalog.current().routes().size()
            + " routes"
            + (catalog.sources().isEmpty() ? "" : ", " + catalog.sources().size() + " live sources")
            + (options.tokenRequired()
                ? ", bearer token required, " + options.clients().size() + " client(s)"
                : "")
            + (health == null ? "" : ", health store " + health.status().detail())
            + ")");
    List<String> missing = server.missingKeyVariables();
    if (!missing.isEmpty()) {
      err.println(
          "orchestrator serve: no candidate of orchestrator/free or orchestrator/auto has"
              + " credentials; set one of: "
              + String.join(", ", missing)
              + " (/readyz says not ready until then)");
    }
    err.flush();
    return new Running(server, health);
  }

  /**
   * A started server and its shared health store ({@code null} without {@code --health-store});
   * closing stops the server, then the store. Thread-safe (both closes are idempotent).
   */
  record Running(OrchestratorServer server, RedisHealthStore health) implements AutoCloseable {
    @Override
    public void close() {
      server.close();
      if (health != null) {
        health.close();
      }
    }
  }

  /**
   * The single token is client {@value ClientToken#DEFAULT_NAME}, and spend, metrics and the access
   * log count by name: a file client of that name or with that token would merge two into one.
   */
  private void checkTokenBesideFile(String single, List<ClientToken> clients) {
    if (single == null || single.isBlank()) {
      return;
    }
    byte[] digest = ClientToken.of(ClientToken.DEFAULT_NAME, single).digest();
    for (ClientToken c : clients) {
      if (c.name().equals(ClientToken.DEFAULT_NAME)) {
        throw CliException.usage(
            "--token: "
                + tokensFile
                + " also names a client '"
                + ClientToken.DEFAULT_NAME
                + "', the name the single token is counted under (expected: another name there)");
      }
      if (Arrays.equals(c.digest(), digest)) {
        throw CliException.usage(
            "--token: the same token as client '"
                + c.name()
                + "' of "
                + tokensFile
                + " (expected: one token per client; leave out --token or that entry)");
      }
    }
  }

  private List<ClientToken> clients() {
    if (tokensFile == null) {
      return List.of();
    }
    try {
      return TokensFile.read(tokensFile);
    } catch (TokensFile.InvalidFileException e) {
      throw CliException.input(e.getMessage(), e.location());
    }
  }

  /**
   * An allow-list entry of the tokens file that names nothing the catalog knows is a typo: exit 3
   * naming the file, the line, the field and close matches — or, when a refresh of a {@code
   * --source} may bring the model, a warning on {@code err}.
   */
  private void checkAllowLists(LiveCatalog catalog, PrintWriter err) {
    if (tokensFile == null) {
      return;
    }
    List<CatalogException> unknown;
    try {
      unknown = TokensFile.unknownModels(tokensFile, catalog.current());
    } catch (TokensFile.InvalidFileException e) {
      throw CliException.input(e.getMessage(), e.location());
    }
    if (!unknown.isEmpty() && catalog.sources().isEmpty()) {
      throw CliException.input(unknown.get(0).getMessage(), unknown.get(0));
    }
    for (CatalogException e : unknown) {
      err.println("warning: " + e.getMessage() + "; kept, as a refresh of --source may bring it");
    }
  }

  private LiveCatalog loadCatalog(Path cache) {
    try {
      return LiveCatalog.builder()
          .catalogs(catalogOptions.paths())
          .configs(configs)
          .sources(sources)
          .cacheDir(cache)
          .build();
    } catch (CatalogException e) {
      throw CliException.input(e.getMessage(), e);
    } catch (IllegalArgumentException e) {
      throw CliException.usage("--source: " + e.getMessage());
    }
  }

  private OrchestratorPolicy policy() {
    OrchestratorPolicy.Builder b = OrchestratorPolicy.builder();
    if (deadlineMs != null) {
      b.deadline(Duration.ofMillis(deadlineMs));
    }
    if (attemptTimeoutMs != null) {
      b.attemptTimeout(Duration.ofMillis(attemptTimeoutMs));
    }
    if (firstTokenTimeoutMs != null) {
      b.firstTokenTimeout(Duration.ofMillis(firstTokenTimeoutMs));
    }
    if (streamIdleTimeoutMs != null) {
      b.streamIdleTimeout(Duration.ofMillis(streamIdleTimeoutMs));
    }
    if (sessionTtlS != null) {
      b.sessionTtl(Duration.ofSeconds(sessionTtlS));
    }
    if (strategy != null) {
      try {
        b.strategy(dev.orchestrator.engine.plan.Strategy.fromWireName(strategy));
      } catch (IllegalArgumentException e) {
        throw CliException.usage("--" + e.getMessage());
      }
    }
    b.learning(learning);
    return b.build();
  }
}
