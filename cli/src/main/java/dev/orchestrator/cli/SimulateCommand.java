package dev.orchestrator.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.catalog.CatalogException;
import dev.orchestrator.engine.plan.UnknownModelException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code orchestrator simulate SCENARIO.json}: the real engine against a scripted loopback upstream
 * (docs/reference.md §4). A routed request that fails is the reported result: exit 0.
 */
@Command(
    name = "simulate",
    mixinStandardHelpOptions = true,
    description = {
      "Runs the real orchestrator and HTTP clients against a scripted OpenAI-compatible server on"
          + " 127.0.0.1 and reports every attempt and decision."
    })
public final class SimulateCommand implements Callable<Integer> {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "SCENARIO.json", description = "The scenario file.")
  Path scenario;

  @Mixin JsonOption output;

  @Override
  public Integer call() {
    String text;
    JsonNode node;
    try {
      text = Files.readString(scenario);
      node = Json.MAPPER.readTree(text);
    } catch (JsonProcessingException e) {
      throw CliException.input(
          scenario.toString(),
          e.getLocation().getLineNr(),
          null,
          scenario
              + ":"
              + e.getLocation().getLineNr()
              + ":"
              + e.getLocation().getColumnNr()
              + ": invalid JSON: "
              + e.getOriginalMessage());
    } catch (IOException e) {
      throw CliException.input(
          scenario.toString(),
          0,
          null,
          scenario
              + ": cannot read: "
              + (e instanceof NoSuchFileException ? "no such file" : e.getMessage()));
    }
    Map<String, Object> out;
    try {
      Path dir = scenario.toAbsolutePath().getParent();
      out = Simulation.run(node, dir);
    } catch (UnknownModelException e) {
      // a model the catalog does not know, named with its close matches, at its line in the file
      String field = unknownModelField(node, e.model());
      int line = Json.lineOf(text, field);
      throw CliException.of(
          OrchestratorCli.EXIT_INPUT,
          CliException.UNKNOWN_MODEL,
          scenario + ":" + line + ": " + e.getMessage(),
          "model",
          e.model(),
          "closeMatches",
          e.closeMatches(),
          "file",
          scenario.toString(),
          "line",
          line,
          "field",
          field);
    } catch (Simulation.ScenarioException e) {
      String field = e.field();
      int line = field == null ? 0 : Json.lineOf(text, field);
      throw CliException.input(
          scenario.toString(),
          line,
          field,
          scenario + (line > 0 ? ":" + line : "") + ": " + e.getMessage());
    } catch (CatalogException e) {
      throw CliException.input(scenario + ": catalog: " + e.getMessage(), e);
    }
    PrintWriter w = spec.commandLine().getOut();
    if (output.json()) {
      w.println(Json.write(out));
    } else {
      printHuman(w, out);
    }
    return OrchestratorCli.EXIT_OK;
  }

  /**
   * Where the scenario names the model the catalog lacks: {@code request.model}, or the entry of
   * the {@code request.models} fallback list that holds it.
   */
  private static String unknownModelField(JsonNode scenario, String model) {
    JsonNode request = scenario.path("request");
    if (!model.equals(request.path("model").asText(null))) {
      JsonNode models = request.path("models");
      for (int i = 0; i < models.size(); i++) {
        if (model.equals(models.get(i).asText(null))) {
          return "request.models[" + i + "]";
        }
      }
    }
    return "request.model";
  }

  @SuppressWarnings("unchecked")
  private static void printHuman(PrintWriter w, Map<String, Object> out) {
    w.printf("outcome: %s%n", out.get("outcome"));
    if ("success".equals(out.get("outcome"))) {
      w.printf("route:   %s%ncontent: %s%n", out.get("route"), out.get("content"));
    } else {
      Map<String, Object> err = (Map<String, Object>) out.get("error");
      w.printf(
          "error:   %s (%s, status %s): %s%n",
          err.get("type"), err.get("category"), err.get("status"), err.get("message"));
    }
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"ROUTE", "ATTEMPT", "STATUS", "CATEGORY", "DECISION", "WAIT"});
    for (Map<String, Object> a : (List<Map<String, Object>>) out.get("attempts")) {
      long delay = ((Number) a.get("delayMs")).longValue();
      rows.add(
          new String[] {
            String.valueOf(a.get("route")),
            "#" + a.get("attempt"),
            a.get("status") == null ? "-" : String.valueOf(a.get("status")),
            a.get("category") == null ? "" : String.valueOf(a.get("category")),
            String.valueOf(a.get("decision")),
            delay > 0 ? delay + " ms" : ""
          });
    }
    w.println();
    w.print(TextTable.render(rows, "  "));
    w.printf("%nelapsed: %s ms%n", out.get("elapsedMs"));
  }
}
