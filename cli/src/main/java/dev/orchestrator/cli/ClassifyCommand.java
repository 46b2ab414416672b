package dev.orchestrator.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.TransportFault;
import dev.orchestrator.providers.classify.Classification;
import dev.orchestrator.providers.classify.FailureClassifier;
import dev.orchestrator.providers.classify.FailureEvidence;
import dev.orchestrator.providers.classify.FailureExplanations;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code orchestrator classify}: one provider failure, classified exactly as the orchestrator does
 * it (docs/reference.md §1). With {@code --batch PATH|-}, classifies JSON Lines — one failure per
 * line, one output object per line, in order. Blank input lines are skipped; a line that is not a
 * valid failure yields an output line {@code {"line": N, "error": "…"}} instead of stopping the
 * batch, and every output line carries its input {@code line} number. Not thread-safe (one per
 * run).
 */
@Command(
    name = "classify",
    mixinStandardHelpOptions = true,
    description = {
      "Classifies one provider failure the way the orchestrator does: category, whether it may be"
          + " retried, whether it reached the model, Retry-After and request id.",
      "With --batch, classifies JSON Lines (fields status, body, headers, exception, message,"
          + " streamStarted, provider; all optional) and writes one JSON object per line.",
    })
public final class ClassifyCommand implements Callable<Integer> {

  /** The {@code --exception} kinds of docs/reference.md §1, in contract order. */
  static final List<String> EXCEPTION_KINDS =
      List.of(
          "connect_refused",
          "connect_timeout",
          "dns",
          "tls",
          "reset_before_response",
          "eof_before_response",
          "read_timeout",
          "stream_truncated",
          "stream_idle_timeout",
          "cancelled");

  // A body file is read only this far: the classifier keeps 64 KiB of text.
  private static final int MAX_BODY_FILE_BYTES = 256 * 1024;

  @Spec CommandSpec spec;

  @Option(names = "--status", paramLabel = "N", description = "HTTP status (100..599).")
  Integer status;

  @Option(names = "--body", paramLabel = "TEXT", description = "Response body.")
  String body;

  @Option(names = "--body-file", paramLabel = "PATH", description = "Read the body from a file.")
  Path bodyFile;

  @Option(
      names = "--header",
      paramLabel = "'Name: value'",
      description = "Response header; repeatable.")
  List<String> headers = new ArrayList<>();

  @Option(
      names = "--exception",
      paramLabel = "KIND",
      description =
          "Transport fault: connect_refused, connect_timeout, dns, tls, reset_before_response,"
              + " eof_before_response, read_timeout, stream_truncated, stream_idle_timeout,"
              + " cancelled.")
  String exception;

  @Option(
      names = "--message",
      paramLabel = "TEXT",
      description = "The exception's or gateway's message.")
  String message;

  @Option(
      names = "--stream-started",
      description = "Visible output had already reached the caller.")
  boolean streamStarted;

  @Option(names = "--provider", paramLabel = "ID", description = "Provider id, for the wording.")
  String provider;

  @Mixin JsonOption output;

  @Mixin RuleFileOptions rules;

  @Option(
      names = "--explain",
      description =
          "Say which rule decided and why, and list every rule considered with why it did or did"
              + " not match: the operator's errors: rules (user:PATH:LINE), then the built-in"
              + " rule.")
  boolean explain;

  @Option(
      names = "--batch",
      paramLabel = "PATH|-",
      description = "Classify JSON Lines from a file or stdin (-); always prints JSON Lines.")
  String batch;

  private FailureClassifier classifier = FailureClassifier.INSTANCE;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    Catalog withRules = rules.loadIfGiven(spec.commandLine().getErr());
    if (withRules != null) {
      // the operator's rules are read before the built-in ones
      classifier = FailureClassifier.INSTANCE.withRules(withRules.errorRules());
    }
    if (batch != null) {
      if (status != null
          || body != null
          || bodyFile != null
          || !headers.isEmpty()
          || exception != null
          || message != null
          || streamStarted) {
        throw CliException.usage(
            "--batch reads every failure from its input; it cannot be combined with --status,"
                + " --body, --body-file, --header, --exception, --message or --stream-started");
      }
      runBatch(out);
      return OrchestratorCli.EXIT_OK;
    }
    if (body != null && bodyFile != null) {
      throw CliException.usage("--body and --body-file: give one of them, not both");
    }
    if (status != null) {
      checkStatus(status);
    }
    Map<String, String> h = new LinkedHashMap<>();
    for (String header : headers) {
      int colon = header.indexOf(':');
      if (colon <= 0) {
        throw CliException.usage(
            "--header: '" + header + "' (expected: 'Name: value', e.g. 'Retry-After: 2')");
      }
      h.put(header.substring(0, colon).trim(), header.substring(colon + 1).trim());
    }
    TransportFault fault;
    try {
      fault = fault(exception, "--exception");
    } catch (IllegalArgumentException e) {
      throw CliException.usage(e.getMessage());
    }
    String text = bodyFile != null ? readBodyFile(bodyFile) : body;
    FailureEvidence evidence =
        new FailureEvidence(status, h, text, fault, message, streamStarted, false, provider);
    Classification c = classify(evidence);
    if (output.json()) {
      Map<String, Object> m = fields(c, provider);
      if (explain) {
        m.put("explain", explanation(c, classifier).json());
      }
      out.println(Json.write(m));
    } else {
      printHuman(out, c);
      if (explain) {
        printExplanation(out, c, classifier);
      }
    }
    return OrchestratorCli.EXIT_OK;
  }

  // With --explain, what the deciding rule read is traced too (FailureClassifier#trace).
  private Classification classify(FailureEvidence evidence) {
    return explain ? classifier.trace(evidence) : classifier.explain(evidence);
  }

  /**
   * What {@code --explain} says: the deciding rule, whether it is an operator's or built in, why it
   * matched, what a built-in rule read in the text ({@code words}), how many operator rules there
   * are, and every rule considered in order with why it did or did not match (the operator's rules
   * up to the one that matched, then the built-in rule when none did).
   */
  static RuleExplanation explanation(Classification c, FailureClassifier classifier) {
    List<RuleExplanation.Considered> considered = new ArrayList<>();
    for (Classification.Check check : c.considered()) {
      considered.add(new RuleExplanation.Considered(check.rule(), check.matched(), check.why()));
    }
    boolean byOperator = c.why() != null;
    if (!byOperator) {
      considered.add(new RuleExplanation.Considered(c.rule(), true, builtIn(c)));
    }
    return new RuleExplanation(
        c.rule(),
        byOperator,
        byOperator ? c.why() : builtIn(c),
        c.words(),
        classifier.userRules().size(),
        considered);
  }

  // A built-in rule and what it read: "built-in rule in_band.rate_limited
  // (docs/failure-taxonomy.md), reading '负载已饱和'".
  private static String builtIn(Classification c) {
    String rule = "built-in rule " + c.rule() + " (docs/failure-taxonomy.md)";
    return c.words().isEmpty()
        ? rule
        : c.words().stream()
            .map(w -> "'" + w + "'")
            .collect(Collectors.joining(", ", rule + ", reading ", ""));
  }

  // The human --explain: the deciding rule, then one line per rule considered.
  private static void printExplanation(
      PrintWriter out, Classification c, FailureClassifier classifier) {
    RuleExplanation e = explanation(c, classifier);
    out.println(
        e.byOperator()
            ? "  Why: operator rule " + e.rule() + ": " + e.why()
            : "  Why: " + e.why() + e.noneMatched());
    e.printConsidered(out);
  }

  /** The output object of docs/reference.md §1 plus extra fields, in a stable order. */
  static Map<String, Object> fields(Classification c, String provider) {
    ProviderFailure f = c.failure();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("category", f.category().wireName());
    m.put("retryable", f.retryable());
    m.put("reachedModel", f.reachedModel().asBoolean());
    m.put("status", f.status());
    m.put("retryAfterMs", f.retryAfter() == null ? null : f.retryAfter().toMillis());
    m.put("requestId", f.requestId());
    m.put("summary", FailureExplanations.summary(f, provider));
    m.put("nextStep", FailureExplanations.nextStep(f, provider));
    m.put("errorType", f.errorType());
    m.put("errorCode", f.errorCode());
    m.put("transportFault", f.transportFault() == null ? null : f.transportFault().wireName());
    m.put("message", f.message());
    m.put("rule", c.rule());
    return m;
  }

  private void printHuman(PrintWriter out, Classification c) {
    ProviderFailure f = c.failure();
    Boolean reached = f.reachedModel().asBoolean();
    out.println(
        f.category().wireName()
            + " — "
            + (f.retryable() ? "retryable" : "not retryable")
            + ", reached model: "
            + (reached == null ? "unknown" : reached ? "yes" : "no"));
    List<String> facts = new ArrayList<>();
    if (f.status() != null) {
      facts.add("status " + f.status());
    }
    if (f.transportFault() != null) {
      facts.add("fault " + f.transportFault().wireName());
    }
    if (f.retryAfter() != null) {
      facts.add("retry after " + f.retryAfter().toMillis() + " ms");
    }
    if (f.requestId() != null) {
      facts.add("request id " + f.requestId());
    }
    if (f.errorType() != null) {
      facts.add("type " + f.errorType());
    }
    if (f.errorCode() != null) {
      facts.add("code " + f.errorCode());
    }
    facts.add("rule " + c.rule());
    out.println("  " + String.join(" · ", facts));
    out.println("  " + FailureExplanations.summary(f, provider));
    out.println("  Next: " + FailureExplanations.nextStep(f, provider));
    if (!f.message().isEmpty()) {
      out.println("  Upstream: " + f.message());
    }
  }

  private void runBatch(PrintWriter out) {
    BatchLines.run(
        batch,
        out,
        node -> {
          BatchItem item = parseItem(node);
          Classification c = classify(item.evidence());
          Map<String, Object> result = fields(c, item.provider());
          if (explain) {
            result.put("explain", explanation(c, classifier).json());
          }
          return result;
        });
  }

  /** The fields a batch line may have (docs/reference.md §1). */
  static final List<String> BATCH_FIELDS =
      List.of("status", "body", "headers", "exception", "message", "streamStarted", "provider");

  private record BatchItem(FailureEvidence evidence, String provider) {}

  // One JSON Lines input: {"status", "body", "headers", "exception", "message", "streamStarted",
  // "provider"}, every field optional.
  private static BatchItem parseItem(JsonNode n) {
    BatchLines.onlyFields(n, BATCH_FIELDS);
    JsonNode b = n.get("body");
    String bodyText = b == null || b.isNull() ? null : b.isTextual() ? b.asText() : b.toString();
    Map<String, String> h = new LinkedHashMap<>();
    JsonNode hs = n.get("headers");
    if (hs != null && !hs.isNull()) {
      if (!hs.isObject()) {
        throw new IllegalArgumentException("headers: expected an object of name: value");
      }
      for (Map.Entry<String, JsonNode> e : hs.properties()) {
        h.put(
            e.getKey(), e.getValue().isTextual() ? e.getValue().asText() : e.getValue().toString());
      }
    }
    TransportFault fault = fault(BatchLines.string(n, "exception"), "exception");
    String provider = BatchLines.string(n, "provider");
    return new BatchItem(
        new FailureEvidence(
            BatchLines.status(n),
            h,
            bodyText,
            fault,
            BatchLines.string(n, "message"),
            BatchLines.bool(n, "streamStarted"),
            false,
            provider),
        provider);
  }

  private static TransportFault fault(String kind, String label) {
    if (kind == null) {
      return null;
    }
    if (!EXCEPTION_KINDS.contains(kind)) {
      throw new IllegalArgumentException(
          label + ": " + kind + " (expected one of: " + String.join(", ", EXCEPTION_KINDS) + ")");
    }
    return TransportFault.fromWireName(kind);
  }

  private static void checkStatus(int s) {
    if (s < 100 || s > 599) {
      throw CliException.usage("--status: " + s + " (expected: 100..599)");
    }
  }

  private static String readBodyFile(Path file) {
    try (InputStream in = Files.newInputStream(file)) {
      return new String(in.readNBytes(MAX_BODY_FILE_BYTES), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw CliException.input(
          file.toString(), 0, null, "--body-file " + file + ": cannot read (" + reason(e) + ")");
    }
  }

  private static String reason(IOException e) {
    if (e instanceof NoSuchFileException) {
      return "no such file";
    }
    String m = e.getMessage();
    return e.getClass().getSimpleName() + (m == null ? "" : ": " + firstLine(m));
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}
