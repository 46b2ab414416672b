package dev.orchestrator.serve.responses;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.chat.ToolDefinition;
import dev.orchestrator.serve.http.Json;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * What an agent sends beyond what a route here can do is dropped and named, never silently and
 * never more (docs/reference.md §5): for any mix of hints and hosted tools among function tools,
 * the dropped list names exactly the hints and hosted tools, in request order — and {@code include}
 * asking for encrypted reasoning where the route is not Anthropic's — and the engine request keeps
 * exactly the function tools.
 */
class DroppedFieldsPropertyTest {
  private static final List<String> HINTS =
      List.of(
          "client_metadata",
          "prompt_cache_key",
          "service_tier",
          "safety_identifier",
          "max_tool_calls",
          "prompt_cache_retention");
  private static final List<String> HOSTED =
      List.of(
          "web_search",
          "web_search_preview",
          "file_search",
          "computer_use_preview",
          "code_interpreter",
          "image_generation",
          "local_shell",
          "custom",
          "mcp");

  /** A body and the dropped names it must give. */
  record Case(ObjectNode body, List<String> dropped, List<String> functions) {}

  @Provide
  Arbitrary<Case> cases() {
    Arbitrary<List<String>> hints = Arbitraries.of(HINTS).list().uniqueElements().ofMaxSize(4);
    Arbitrary<List<String>> tools =
        Arbitraries.oneOf(Arbitraries.of(HOSTED), Arbitraries.just("function")).list().ofMaxSize(6);
    return Combinators.combine(
            hints, tools, Arbitraries.of(true, false), Arbitraries.of(true, false))
        .as(DroppedFieldsPropertyTest::build);
  }

  private static Case build(List<String> hints, List<String> tools, boolean include, boolean auto) {
    ObjectNode body = Json.MAPPER.createObjectNode();
    List<String> dropped = new ArrayList<>();
    for (String h : hints) {
      body.put(h, "x");
      dropped.add(h);
    }
    body.put("model", "orchestrator/free").put("input", "Hi");
    ArrayNode t = body.putArray("tools");
    List<String> functions = new ArrayList<>();
    for (int i = 0; i < tools.size(); i++) {
      String type = tools.get(i);
      ObjectNode tool = t.addObject().put("type", type);
      if (type.equals("function")) {
        tool.put("name", "f" + i);
        functions.add("f" + i);
      } else {
        dropped.add("tools[" + i + "] (" + type + ")");
      }
    }
    if (auto) {
      body.put("truncation", "auto");
      dropped.add("truncation");
    }
    if (include) {
      body.putArray("include").add("reasoning.encrypted_content");
      dropped.add("include");
    }
    return new Case(body, dropped, functions);
  }

  @Property(tries = 300)
  void dropsAndNamesExactlyWhatNoRouteHereCanUse(@ForAll("cases") Case c) {
    ResponsesRequest p =
        ResponsesRequest.parse(
            c.body().toString().getBytes(StandardCharsets.UTF_8), previous -> List.of());
    assertThat(p.request().droppedFor(Protocol.OPENAI_CHAT)).isEqualTo(c.dropped());
    // encrypted reasoning is what an Anthropic route produces: include is not named for it
    assertThat(p.request().droppedFor(Protocol.ANTHROPIC_MESSAGES))
        .isEqualTo(c.dropped().stream().filter(d -> !d.equals("include")).toList());
    assertThat(p.request().tools()).extracting(ToolDefinition::name).isEqualTo(c.functions());
    assertThat(p.request().extraBody()).isEmpty();
  }
}
