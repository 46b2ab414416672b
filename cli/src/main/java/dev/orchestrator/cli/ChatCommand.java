package dev.orchestrator.cli;

import dev.orchestrator.engine.AttemptRecord;
import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.OrchestratorException;
import dev.orchestrator.engine.OrchestratorPolicy;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.Trace;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.plan.Exclusion;
import dev.orchestrator.engine.plan.ExclusionReason;
import dev.orchestrator.engine.plan.MissingCredentials;
import dev.orchestrator.engine.plan.UnknownModelException;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.providers.HttpProviderClients;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code orchestrator chat MODEL --message TEXT}: one real request through the orchestrator, with
 * API keys from the environment variables the catalog names. Routes whose provider has no key are
 * left out of the plan.
 */
@Command(
    name = "chat",
    mixinStandardHelpOptions = true,
    description = {
      "Sends one chat request through the orchestrator (real providers; keys from the"
          + " environment) and prints the answer."
    })
public final class ChatCommand implements Callable<Integer> {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Mixin CatalogOptions catalogOptions;

  @Parameters(
      index = "0",
      paramLabel = "MODEL",
      converter = ModelName.class,
      description = "Virtual model, pool or route id.")
  String model;

  @Option(names = "--message", required = true, paramLabel = "TEXT", description = "User message.")
  String message;

  @Option(names = "--system", paramLabel = "TEXT", description = "System message.")
  String system;

  @Option(names = "--max-tokens", paramLabel = "N", description = "Maximum output tokens.")
  Integer maxTokens;

  @Option(names = "--stream", description = "Stream the answer as it arrives.")
  boolean stream;

  @Option(names = "--trace", description = "Print every attempt and decision (to stderr).")
  boolean trace;

  @Option(names = "--json", description = "Print one JSON document (answer and attempts).")
  boolean json;

  @Option(
      names = "--deadline-ms",
      paramLabel = "MS",
      description = "Deadline for the whole request (default: ${DEFAULT-VALUE}).",
      defaultValue = "120000")
  long deadlineMs;

  @Override
  public Integer call() {
    if (deadlineMs <= 0) {
      throw CliException.usage("--deadline-ms: " + deadlineMs + " ms (expected: > 0 ms)");
    }
    if (maxTokens != null && maxTokens <= 0) {
      throw CliException.usage("--max-tokens: " + maxTokens + " (expected: > 0)");
    }
    Catalog catalog = catalogOptions.load(spec.commandLine().getErr());
    Credentials env = Credentials.fromEnvironment();
    OrchestratorPolicy policy;
    ChatRequest request;
    try {
      policy = OrchestratorPolicy.builder().deadline(Duration.ofMillis(deadlineMs)).build();
      ChatRequest.Builder b = ChatRequest.builder(model).maxTokens(maxTokens).stream(stream);
      if (system != null) {
        b.system(system);
      }
      request = b.user(message).build();
    } catch (IllegalArgumentException e) {
      throw CliException.usage(e.getMessage());
    }
    TaskOrchestrator orchestrator =
        TaskOrchestrator.builder()
            .catalog(catalog)
            .providers(
                HttpProviderClients.builder()
                    .credentials(env)
                    .errorRules(catalog.errorRules())
                    .build())
            .credentials(env)
            .policy(policy)
            .build();
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    boolean[] streamed = {false};
    try {
      ChatResult r;
      if (stream && !json) {
        r =
            orchestrator.stream(
                request,
                delta -> {
                  streamed[0] = true;
                  out.print(delta);
                  out.flush();
                });
        out.println();
      } else {
        r = orchestrator.chat(request);
      }
      if (json) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("route", r.route());
        doc.put("content", r.response().content());
        doc.put("finishReason", r.response().finishReason());
        Map<String, Object> usage = new LinkedHashMap<>(); // the documented order, every run
        usage.put("promptTokens", r.response().usage().promptTokens());
        usage.put("completionTokens", r.response().usage().completionTokens());
        doc.put("usage", usage);
        doc.put("attempts", Json.attempts(r.trace()));
        doc.put("panic", r.trace().panic());
        out.println(Json.write(doc));
      } else if (!stream) {
        out.println(r.response().content());
      }
      if (trace) {
        printTrace(err, catalog, r.trace(), "served by " + r.route());
      }
      return OrchestratorCli.EXIT_OK;
    } catch (UnknownModelException e) {
      throw CliException.unknownModel(e);
    } catch (OrchestratorException e) {
      if (streamed[0]) {
        out.println(); // the partial answer ends its line, as a whole one does
      }
      if (json) {
        Map<String, Object> doc = new LinkedHashMap<>();
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("type", e.type().wireName());
        error.put("message", e.getMessage());
        error.put("status", e.status());
        doc.put("error", error);
        doc.put("attempts", e.trace() == null ? List.of() : Json.attempts(e.trace()));
        doc.put("panic", e.trace() != null && e.trace().panic());
        out.println(Json.write(doc));
      }
      if (trace && e.trace() != null) {
        printTrace(err, catalog, e.trace(), "failed");
      }
      err.println("error: " + e.type().wireName() + ": " + e.getMessage());
      return OrchestratorCli.EXIT_ERROR;
    }
  }

  /**
   * The plan line, then the routes left out for want of a key (or a base URL), each with the
   * variable (or setting) that would add it (a failure of the routes that remain must not look like
   * failover that did not happen), then every attempt.
   */
  private static void printTrace(PrintWriter err, Catalog catalog, Trace t, String outcome) {
    List<String> keyless = new ArrayList<>();
    String lacking = "a key";
    if (t.plan() != null) {
      for (Exclusion x : t.plan().excluded()) {
        if (x.reason() == ExclusionReason.NO_CREDENTIALS) {
          // the detail says what to set: a key variable, or the base URL setting
          keyless.add(x.route() + (x.detail().isEmpty() ? "" : " (" + x.detail() + ")"));
        }
      }
      lacking =
          MissingCredentials.lacking(MissingCredentials.excludedIn(catalog, t.plan().excluded()));
    }
    err.printf(
        "plan: %s (%d candidates%s)%s%n",
        t.plan() == null ? "-" : t.plan().pool().planName(),
        t.plan() == null ? 0 : t.plan().candidates().size(),
        keyless.isEmpty() ? "" : ", " + keyless.size() + " left out without " + lacking,
        t.panic() ? ", panic mode: short-term health excluded none" : "");
    if (!keyless.isEmpty()) {
      err.printf(
          "  left out without %s: %s%s%n",
          lacking,
          String.join(", ", keyless.subList(0, Math.min(5, keyless.size()))),
          keyless.size() > 5 ? " and " + (keyless.size() - 5) + " more" : "");
    }
    for (String held : t.limited()) {
      err.printf("  not sent, every key out: %s%n", held);
    }
    for (AttemptRecord a : t.attempts()) {
      err.printf(
          "  %s%s #%d status=%s %s → %s%s (%d ms)%n",
          a.route(),
          a.key() == null ? "" : " [key " + a.key() + "]",
          a.attempt(),
          a.status(),
          a.category() == null ? "ok" : a.category().wireName(),
          a.decision().wireName(),
          a.delay().isZero() ? "" : " after " + a.delay().toMillis() + " ms",
          a.latency().toMillis());
    }
    err.printf("%s in %d ms%n", outcome, t.elapsed().toMillis());
  }
}
