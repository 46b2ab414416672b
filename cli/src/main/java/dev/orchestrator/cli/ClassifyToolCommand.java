package dev.orchestrator.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.tool.ToolClassification;
import dev.orchestrator.engine.tool.ToolDecision;
import dev.orchestrator.engine.tool.ToolExceptionType;
import dev.orchestrator.engine.tool.ToolFailureClassifier;
import dev.orchestrator.engine.tool.ToolFailureEvidence;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code orchestrator classify-tool}: classifies one tool-execution failure, or a JSON Lines batch
 * of them, with the engine's fail-closed tool classifier (docs/reference.md §2). Never sees
 * provider failures; those are {@code orchestrator classify}.
 */
@Command(
    name = "classify-tool",
    mixinStandardHelpOptions = true,
    description = {
      "Classifies a tool-execution failure: kind, action (retry_same_agent, failover_agent,"
          + " fail_closed) and reason code.",
      "With --batch, reads JSON Lines (fields message, exception, status, tool, idempotent,"
          + " outcomeUnknown; all optional) and writes one JSON object per line, in order.",
      "With --config or --catalog, the files' toolErrors: rules read each failure first."
    })
public final class ClassifyToolCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(names = "--message", paramLabel = "TEXT", description = "The failure's message.")
  String message;

  @Option(
      names = "--exception",
      paramLabel = "KIND",
      description =
          "The exception's kind: timeout, connection_reset, connection_refused, permission,"
              + " not_found, other.")
  String exception;

  @Option(names = "--status", paramLabel = "N", description = "The tool's HTTP status.")
  Integer status;

  @Option(names = "--idempotent", description = "The call may run twice safely.")
  boolean idempotent;

  @Option(
      names = "--outcome-unknown",
      description = "Whether the tool's side effect happened cannot be known.")
  boolean outcomeUnknown;

  @Option(
      names = "--tool",
      paramLabel = "NAME",
      description = "The failed call's tool name, for the operator's toolErrors: rules.")
  String tool;

  @Mixin JsonOption output;

  @Mixin RuleFileOptions rules;

  @Option(
      names = "--explain",
      description =
          "Say what decided and why: the operator's toolErrors: rule (user:PATH:LINE) or the"
              + " built-in step, the words it read, and every operator rule considered.")
  boolean explain;

  private ToolFailureClassifier classifier = ToolFailureClassifier.INSTANCE;

  @Option(
      names = "--batch",
      paramLabel = "PATH|-",
      description = "Classify a JSON Lines file (- for stdin); writes JSON Lines.")
  String batch;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    Catalog withRules = rules.loadIfGiven(spec.commandLine().getErr());
    if (withRules != null) {
      // the operator's rules are read before the built-in ones
      classifier = ToolFailureClassifier.INSTANCE.withRules(withRules.toolErrorRules());
    }
    if (batch != null) {
      if (message != null
          || exception != null
          || status != null
          || tool != null
          || idempotent
          || outcomeUnknown) {
        throw CliException.usage(
            "--batch cannot be combined with --message, --exception, --status, --tool,"
                + " --idempotent or --outcome-unknown (put them in the batch lines)");
      }
      runBatch(out);
      return OrchestratorCli.EXIT_OK;
    }
    if (message == null) {
      throw CliException.usage("--message is required (or --batch PATH|-)");
    }
    ToolExceptionType type = exceptionType(exception);
    if (type == null) {
      throw CliException.usage("--" + invalidException(exception));
    }
    if (status != null && (status < 100 || status > 599)) {
      throw CliException.usage("--status: " + status + " (expected: 100..599)");
    }
    if (tool != null && tool.isBlank()) {
      throw CliException.usage("--tool: a blank name (expected: the tool's name)");
    }
    ToolClassification c = classify(message, type, status, tool, idempotent, outcomeUnknown);
    if (output.json()) {
      out.println(Json.write(toJson(c)));
    } else {
      out.println(readable(c.decision()));
      if (explain) {
        printExplanation(out, c);
      }
    }
    return OrchestratorCli.EXIT_OK;
  }

  private ToolClassification classify(
      String message,
      ToolExceptionType type,
      Integer status,
      String tool,
      boolean idempotent,
      boolean outcomeUnknown) {
    return classifier.explain(
        ToolFailureEvidence.of(idempotent)
            .withOutcomeUnknown(outcomeUnknown)
            .withExceptionType(type)
            .withStatus(status)
            .withMessage(message)
            .withTool(tool));
  }

  // The decision's fields, and with --explain what decided it.
  private Map<String, Object> toJson(ToolClassification c) {
    Map<String, Object> m = toJson(c.decision());
    if (explain) {
      m.put("explain", explanation(c).json());
    }
    return m;
  }

  /**
   * What {@code --explain} says: the deciding rule or step, whether it is an operator's or built
   * in, why, the words a wording step read, how many operator rules there are, and every operator
   * rule considered in order with why it did or did not match.
   */
  private RuleExplanation explanation(ToolClassification c) {
    List<RuleExplanation.Considered> considered = new ArrayList<>();
    for (ToolClassification.Check check : c.considered()) {
      considered.add(new RuleExplanation.Considered(check.rule(), check.matched(), check.why()));
    }
    return new RuleExplanation(
        c.rule(), c.byOperatorRule(), c.why(), c.words(), classifier.rules().size(), considered);
  }

  // The human --explain: what decided and why, then one line per operator rule considered.
  private void printExplanation(PrintWriter out, ToolClassification c) {
    RuleExplanation e = explanation(c);
    if (e.byOperator()) {
      out.println("  Why: operator rule " + e.rule() + ": " + e.why());
    } else {
      out.println(
          "  Why: built-in step "
              + e.rule()
              + ": "
              + e.why()
              + (e.words().isEmpty() ? "" : ", reading '" + String.join("', '", e.words()) + "'")
              + (e.considered().isEmpty() && e.userRules() > 0
                  ? "; decided before the operator rules"
                  : e.noneMatched()));
    }
    e.printConsidered(out);
  }

  /** The docs/reference.md §2 fields first, then the extras. */
  static Map<String, Object> toJson(ToolDecision d) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("kind", d.kind().wireName());
    m.put("observedKind", d.observedKind().wireName());
    m.put("action", d.action().wireName());
    m.put("reasonCode", d.reasonCode());
    m.put("retrySafe", d.retrySafe());
    m.put("countsAgainstHealth", d.countsAgainstHealth());
    return m;
  }

  private static String readable(ToolDecision d) {
    return d.kind().wireName()
        + (d.rewritten() ? " (observed: " + d.observedKind().wireName() + ")" : "")
        + " -> "
        + d.action().wireName()
        + "  ["
        + d.reasonCode()
        + "]  retry safe: "
        + (d.retrySafe() ? "yes" : "no")
        + ", counts against health: "
        + (d.countsAgainstHealth() ? "yes" : "no");
  }

  /** The fields a batch line may have (docs/reference.md §2). */
  static final List<String> BATCH_FIELDS =
      List.of("message", "exception", "status", "tool", "idempotent", "outcomeUnknown");

  private void runBatch(PrintWriter out) {
    BatchLines.run(batch, out, node -> toJson(classifyLine(node)));
  }

  private ToolClassification classifyLine(JsonNode node) {
    BatchLines.onlyFields(node, BATCH_FIELDS);
    String text = BatchLines.string(node, "message");
    String exceptionName = BatchLines.string(node, "exception");
    ToolExceptionType type = exceptionType(exceptionName);
    if (type == null) {
      throw new BatchLines.BadLine(
          invalidException(
              exceptionName.length() > BatchLines.MAX_SHOWN_CHARS
                  ? BatchLines.shown(node.get("exception"))
                  : exceptionName));
    }
    String toolName = BatchLines.string(node, "tool");
    if (toolName != null && toolName.isBlank()) {
      throw new BatchLines.BadLine("tool: a blank name (expected: the tool's name)");
    }
    return classify(
        text,
        type,
        BatchLines.status(node),
        toolName,
        BatchLines.bool(node, "idempotent"),
        BatchLines.bool(node, "outcomeUnknown"));
  }

  /** {@code other} when absent; {@code null} when not a valid name. */
  private static ToolExceptionType exceptionType(String name) {
    if (name == null) {
      return ToolExceptionType.OTHER;
    }
    try {
      return ToolExceptionType.fromWireName(name);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private static String invalidException(String name) {
    return "exception: " + name + " (expected one of: " + ToolExceptionType.wireNames() + ")";
  }
}
