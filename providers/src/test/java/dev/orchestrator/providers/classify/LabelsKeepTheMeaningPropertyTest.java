package dev.orchestrator.providers.classify;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * What people paste and what relays pass on puts a label or an envelope around the cause: a log
 * line's prefix, "Error: ", an app's task ("Failed to get response: "), a relay's label ("upstream
 * error: "), an app's "Something went wrong: ", a JSON or Python-dict envelope, a request id or
 * stack frames or a library's troubleshooting link after it. The label names no cause of its own,
 * so the cause keeps its meaning inside it: every sentence of the specification table ({@code
 * errors/meaning-phrases.jsonl}), read as its meaning alone, is read as the same meaning wrapped
 * (ADR 0030, twenty-second addendum).
 *
 * <p>A sentence that starts with a bracketed tag is left out: after a level ("[ERROR] [moderation]
 * …") the tag is read as a logger's name, as in the formats loggers write.
 */
class LabelsKeepTheMeaningPropertyTest {

  private static final List<JsonNode> ROWS =
      ErrorExamples.jsonLines("/errors/meaning-phrases.jsonl", "meaning", "lang", "phrase").stream()
          .filter(r -> !r.get("phrase").asText().startsWith("["))
          .toList();

  private static final List<UnaryOperator<String>> WRAPPINGS = wrappings();

  private static List<UnaryOperator<String>> wrappings() {
    List<UnaryOperator<String>> w = new ArrayList<>();
    for (String label :
        List.of(
            "Error: ",
            "ERROR: ",
            "[ERROR] ",
            "ERROR:root:",
            "2025-03-09 00:57:16,852 - app.llm - ERROR - ",
            "I got this error: ",
            "Failed to get response: ",
            "Error generating reply from Ollama: ",
            "Agent run failed: ",
            "Request to OpenAI failed: ",
            "upstream error: ",
            "Provider returned error: ",
            "Something went wrong: ",
            "Unexpected error: ",
            "An error occurred: ",
            "错误信息：")) {
      w.add(s -> label + s);
    }
    w.add(
        s ->
            "\u001b[31mError:\u001b[0m " + s); // a terminal's colours, as a captured log keeps them
    w.add(s -> envelope("error", s));
    w.add(s -> envelope("detail", s));
    w.add(
        s -> {
          ObjectNode error = JsonNodeFactory.instance.objectNode().put("message", s);
          return JsonNodeFactory.instance.objectNode().set("error", error).toString();
        });
    w.add(s -> "{'error': {'message': " + pythonRepr(s) + "}}");
    w.add(s -> s + " (request id: 20240218231733406291669)");
    w.add(s -> s + (s.endsWith(".") ? "" : ".") + " Please try again.");
    w.add(
        s ->
            s + "\nFor troubleshooting, visit: https://python.langchain.com/docs/troubleshooting/");
    w.add(
        s ->
            "Error: "
                + s
                + "\n    at processTicksAndRejections (node:internal/process/task_queues:95:5)"
                + "\n    at async Object.run (/app/dist/index.js:120:17)");
    return List.copyOf(w);
  }

  private static String envelope(String key, String text) {
    return JsonNodeFactory.instance.objectNode().put(key, text).toString();
  }

  // Python's repr of a str: single quotes unless the text holds one and no double quote
  private static String pythonRepr(String s) {
    String escaped = s.replace("\\", "\\\\").replace("\n", "\\n");
    if (s.contains("'") && !s.contains("\"")) {
      return "\"" + escaped + "\"";
    }
    return "'" + escaped.replace("'", "\\'") + "'";
  }

  @Provide
  Arbitrary<JsonNode> row() {
    return Arbitraries.of(ROWS);
  }

  @Provide
  Arbitrary<UnaryOperator<String>> wrapping() {
    return Arbitraries.of(WRAPPINGS);
  }

  @Property(tries = 3000)
  void aLabelOrEnvelopeAroundTheCauseKeepsItsMeaning(
      @ForAll("row") JsonNode row, @ForAll("wrapping") UnaryOperator<String> wrapping) {
    String wrapped = wrapping.apply(row.get("phrase").asText());
    FailureEvidence message =
        new FailureEvidence(null, Map.of(), null, null, wrapped, false, false, null);

    assertThat(FailureClassifier.INSTANCE.explainStrict(message).failure().category().wireName())
        .as(wrapped)
        .isEqualTo(row.get("meaning").asText());
  }
}
