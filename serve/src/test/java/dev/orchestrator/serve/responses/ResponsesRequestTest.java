package dev.orchestrator.serve.responses;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ContentPart;
import dev.orchestrator.engine.chat.PdfPart;
import dev.orchestrator.engine.chat.ReasoningEffort;
import dev.orchestrator.engine.chat.Role;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.ToolChoice;
import dev.orchestrator.serve.http.ApiError;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A {@code POST /v1/responses} body read field by field (docs/reference.md, "OpenAI Responses"):
 * what each field becomes in the engine request, what is dropped and named, and every {@code 400}
 * with the field it names.
 */
class ResponsesRequestTest {
  /** The conversation every {@code previous_response_id} names here. */
  static final List<ChatMessage> STORED =
      List.of(ChatMessage.user("Before"), ChatMessage.assistant("Yes"));

  static ResponsesRequest parse(String json) {
    return ResponsesRequest.parse(json.getBytes(StandardCharsets.UTF_8), previous -> STORED);
  }

  /** A body with {@code fields} spliced after model and input. */
  static String body(String fields) {
    return "{\"model\":\"m/x\",\"input\":\"Hi\"" + (fields.isEmpty() ? "" : "," + fields) + "}";
  }

  @Test
  void readsEveryModelledField() {
    ResponsesRequest p =
        parse(
            """
            {"model":" orchestrator/free ","input":"Hi","instructions":"Be brief.",
             "tools":[{"type":"function","name":"f","description":"does f",
                       "parameters":{"type":"object"},"strict":true}],
             "tool_choice":{"type":"function","name":"f"},"parallel_tool_calls":false,
             "max_output_tokens":300,"temperature":0.5,"top_p":0.25,
             "text":{"format":{"type":"json_schema","name":"answer","description":"d",
                               "schema":{"type":"object"},"strict":true}},
             "reasoning":{"effort":"high","summary":"auto"},
             "metadata":{"k":"v"},"user":"u-1","store":false,"stream":true,
             "truncation":"disabled","models":["a/b"]}
            """);
    ChatRequest r = p.request();
    assertThat(r.model()).isEqualTo("orchestrator/free");
    assertThat(r.messages())
        .containsExactly(ChatMessage.system("Be brief."), ChatMessage.user("Hi"));
    assertThat(r.tools()).hasSize(1);
    assertThat(r.tools().get(0).name()).isEqualTo("f");
    assertThat(r.tools().get(0).description()).isEqualTo("does f");
    assertThat(r.tools().get(0).parametersJsonSchema()).isEqualTo("{\"type\":\"object\"}");
    assertThat(r.tools().get(0).strict()).isTrue();
    assertThat(r.toolChoice()).isEqualTo(ToolChoice.function("f"));
    assertThat(r.parallelToolCalls()).isFalse();
    assertThat(r.maxCompletionTokens()).isEqualTo(300);
    assertThat(r.temperature()).isEqualTo(0.5);
    assertThat(r.topP()).isEqualTo(0.25);
    assertThat(r.responseFormat().type()).isEqualTo("json_schema");
    assertThat(r.responseFormat().name()).isEqualTo("answer");
    assertThat(r.responseFormat().description()).isEqualTo("d");
    assertThat(r.responseFormat().jsonSchema()).isEqualTo("{\"type\":\"object\"}");
    assertThat(r.responseFormat().strict()).isTrue();
    assertThat(r.reasoningEffort()).isEqualTo(ReasoningEffort.HIGH);
    assertThat(r.user()).isEqualTo("u-1");
    assertThat(r.metadata()).isEmpty(); // the Response object's own: echoed, not forwarded
    assertThat(r.stream()).isTrue();
    assertThat(r.models()).containsExactly("a/b");
    assertThat(r.extraBody()).isEmpty();
    assertThat(p.store()).isFalse();
    assertThat(p.dropped()).isEmpty();
    assertThat(p.conversation()).containsExactly(ChatMessage.user("Hi"));
    assertThat(p.echo().get("metadata").get("k").asText()).isEqualTo("v");
    assertThat(p.echo().get("instructions").asText()).isEqualTo("Be brief.");
    assertThat(p.echo().get("reasoning").get("summary").asText()).isEqualTo("auto");
    assertThat(p.echo().get("text").get("format").get("name").asText()).isEqualTo("answer");
  }

  @Test
  void thePromptCacheKeyNamesTheSessionAndIsNotSentOn() {
    ResponsesRequest p = parse(body("\"prompt_cache_key\":\"thread-7\""));
    assertThat(p.request().session()).isEqualTo("thread-7");
    assertThat(p.request().dropped()).contains("prompt_cache_key");
    assertThat(parse(body("")).request().session()).isNull();
  }

  @Test
  void echoesTheApisDefaultsWhenFieldsAreAbsent() {
    ResponsesRequest p = parse(body(""));
    assertThat(p.store()).isTrue();
    assertThat(p.previousResponseId()).isNull();
    assertThat(p.echo().get("tool_choice").asText()).isEqualTo("auto");
    assertThat(p.echo().get("parallel_tool_calls").asBoolean()).isTrue();
    assertThat(p.echo().get("text").get("format").get("type").asText()).isEqualTo("text");
    assertThat(p.echo().get("truncation").asText()).isEqualTo("disabled");
    assertThat(p.echo().get("tools")).isEmpty();
    assertThat(p.echo().get("instructions").isNull()).isTrue();
    assertThat(p.request().toolChoice()).isNull();
    assertThat(p.request().responseFormat()).isNull();
  }

  @Test
  void readsEveryInputItemIntoTheEngineConversation() {
    ResponsesRequest p =
        parse(
            """
            {"model":"m/x","input":[
              {"role":"developer","content":"Rules."},
              {"type":"message","role":"user","content":[
                 {"type":"input_text","text":"Look:"},
                 {"type":"input_image","image_url":"https://img.test/a.png","detail":"low"},
                 {"type":"input_file","file_data":"data:application/pdf;base64,AAAA",
                  "filename":"a.pdf"}]},
              {"type":"reasoning","id":"rs_1","summary":[{"type":"summary_text","text":"Hmm."}],
               "encrypted_content":"opaque"},
              {"type":"message","id":"msg_1","status":"completed","role":"assistant","content":[
                 {"type":"output_text","text":"Let me check.","annotations":[]}]},
              {"type":"function_call","id":"fc_1","call_id":"call_1","name":"look",
               "arguments":"{\\"x\\":1}","status":"completed"},
              {"type":"function_call","call_id":"call_2","name":"look","arguments":"{}"},
              {"type":"function_call_output","call_id":"call_1","output":"seen"},
              {"type":"function_call_output","call_id":"call_2","output":[
                 {"type":"input_text","text":"also"}]},
              {"type":"message","role":"assistant","content":[{"type":"refusal","refusal":"No."}]},
              {"role":"system","content":[{"type":"input_text","text":"Later rule."}]}]}
            """);
    List<ChatMessage> m = p.request().messages();
    assertThat(m).hasSize(7);
    assertThat(m.get(0)).isEqualTo(ChatMessage.system("Rules."));
    assertThat(m.get(1).role()).isEqualTo(Role.USER);
    assertThat(m.get(1).parts().get(0)).isEqualTo(ContentPart.text("Look:"));
    assertThat(m.get(1).parts().get(1))
        .isEqualTo(ContentPart.Image.fromUrl("https://img.test/a.png", "low"));
    assertThat(m.get(1).parts().get(2))
        .isEqualTo(
            new ContentPart.File(
                "{\"type\":\"file\",\"file\":{\"file_data\":\"data:application/pdf;base64,AAAA\","
                    + "\"filename\":\"a.pdf\"}}",
                new PdfPart.Inline("a.pdf", "AAAA")));
    ChatMessage turn = m.get(2);
    assertThat(turn.role()).isEqualTo(Role.ASSISTANT);
    assertThat(turn.reasoningContent()).isEqualTo("Hmm.");
    assertThat(turn.content()).isEqualTo("Let me check.");
    assertThat(turn.toolCalls())
        .containsExactly(
            new ToolCall("call_1", "look", "{\"x\":1}"), new ToolCall("call_2", "look", "{}"));
    assertThat(m.get(3)).isEqualTo(ChatMessage.tool("call_1", "seen"));
    assertThat(m.get(4)).isEqualTo(ChatMessage.tool("call_2", "also"));
    assertThat(m.get(5).refusal()).isEqualTo("No.");
    assertThat(m.get(6)).isEqualTo(ChatMessage.system("Later rule."));
    assertThat(p.dropped()).containsExactly("input[2].encrypted_content");
  }

  @Test
  void startsANewAssistantTurnAtAMessageAfterCallsOrReasoningAfterOutput() {
    ResponsesRequest p =
        parse(
            """
            {"model":"m/x","input":[
              {"role":"user","content":"Go"},
              {"type":"message","role":"assistant","content":"one"},
              {"type":"message","role":"assistant","content":"two"},
              {"type":"reasoning","summary":[{"type":"summary_text","text":"r"}]},
              {"type":"function_call","call_id":"c","name":"f","arguments":"{}"}]}
            """);
    List<ChatMessage> m = p.request().messages();
    assertThat(m).hasSize(4);
    assertThat(m.get(1).content()).isEqualTo("one");
    assertThat(m.get(2).content()).isEqualTo("two");
    assertThat(m.get(3).reasoningContent()).isEqualTo("r");
    assertThat(m.get(3).toolCalls()).hasSize(1);
  }

  @ParameterizedTest(name = "{0} is dropped as {1}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          "client_metadata":{"x":"y"}                          | client_metadata
          "prompt_cache_key":"k"                               | prompt_cache_key
          "prompt_cache_retention":"24h"                       | prompt_cache_retention
          "service_tier":"auto"                                | service_tier
          "safety_identifier":"s"                              | safety_identifier
          "stream_options":{"include_obfuscation":false}       | stream_options
          "max_tool_calls":3                                   | max_tool_calls
          "top_logprobs":2                                     | top_logprobs
          "include":["message.output_text.logprobs"]           | include
          "truncation":"auto"                                  | truncation
          "text":{"verbosity":"low"}                           | text.verbosity
          "tools":[{"type":"web_search"}]                      | tools[0] (web_search)
          "tools":[{"type":"web_search_preview"}]              | tools[0] (web_search_preview)
          "tools":[{"type":"file_search","vector_store_ids":[]}] | tools[0] (file_search)
          "tools":[{"type":"computer_use_preview"}]            | tools[0] (computer_use_preview)
          "tools":[{"type":"code_interpreter"}]                | tools[0] (code_interpreter)
          "tools":[{"type":"image_generation"}]                | tools[0] (image_generation)
          "tools":[{"type":"local_shell"}]                     | tools[0] (local_shell)
          "tools":[{"type":"custom","name":"apply_patch"}]     | tools[0] (custom)
          "tools":[{"type":"mcp","server_label":"s"}]          | tools[0] (mcp)
          "tools":[{"type":"function","name":"f","namespace":"ns"}] | tools[0].namespace
          """)
  void dropsAndNamesAHint(String field, String named) {
    ResponsesRequest p = parse(body(field));
    assertThat(p.dropped()).containsExactly(named);
  }

  /**
   * {@code include: ["reasoning.encrypted_content"]} is what an Anthropic route produces (its
   * signed thinking, sealed): named as dropped only for a route of another protocol; another value
   * is dropped for every route.
   */
  @Test
  void namesTheEncryptedReasoningIncludeOnlyForARouteThatCannotProduceIt() {
    ResponsesRequest asked = parse(body("\"include\":[\"reasoning.encrypted_content\"]"));
    assertThat(asked.encryptedReasoning()).isTrue();
    assertThat(asked.dropped()).isEmpty();
    assertThat(asked.request().droppedFor(Protocol.ANTHROPIC_MESSAGES)).isEmpty();
    assertThat(asked.request().droppedFor(Protocol.OPENAI_CHAT)).containsExactly("include");
    assertThat(asked.request().droppedFor(null)).containsExactly("include");

    ResponsesRequest both =
        parse(
            body(
                "\"client_metadata\":{},\"include\":[\"reasoning.encrypted_content\","
                    + "\"message.output_text.logprobs\"]"));
    assertThat(both.encryptedReasoning()).isTrue();
    assertThat(both.request().droppedFor(Protocol.ANTHROPIC_MESSAGES))
        .containsExactly("client_metadata", "include");
    assertThat(both.request().droppedFor(Protocol.OPENAI_CHAT))
        .containsExactly("client_metadata", "include");

    assertThat(parse(body("\"include\":[]")).encryptedReasoning()).isFalse();
    assertThat(parse(body("\"include\":[]")).request().droppedFor(Protocol.OPENAI_CHAT)).isEmpty();
  }

  @Test
  void keepsAFunctionToolBesideADroppedHostedOne() {
    ResponsesRequest p =
        parse(
            body(
                "\"tools\":[{\"type\":\"web_search\"},{\"type\":\"function\",\"name\":\"f\"}],"
                    + "\"tool_choice\":\"required\""));
    assertThat(p.request().tools()).extracting(t -> t.name()).containsExactly("f");
    assertThat(p.request().toolChoice()).isEqualTo(ToolChoice.REQUIRED);
    assertThat(p.echo().get("tools")).hasSize(1);
    assertThat(p.dropped()).containsExactly("tools[0] (web_search)");
  }

  @Test
  void offersOnlyTheAllowedToolsOfAnAllowedToolsChoice() {
    ResponsesRequest p =
        parse(
            body(
                "\"tools\":[{\"type\":\"function\",\"name\":\"f\"},{\"type\":\"function\","
                    + "\"name\":\"g\"}],\"tool_choice\":{\"type\":\"allowed_tools\",\"mode\":"
                    + "\"required\",\"tools\":[{\"type\":\"function\",\"name\":\"g\"}]}"));
    assertThat(p.request().tools()).extracting(t -> t.name()).containsExactly("g");
    assertThat(p.request().toolChoice()).isEqualTo(ToolChoice.REQUIRED);
  }

  @Test
  void readsTheFormatsAndEffortsOfTheApi() {
    assertThat(parse(body("\"text\":{\"format\":{\"type\":\"json_object\"}}")).request())
        .extracting(r -> r.responseFormat().type())
        .isEqualTo("json_object");
    assertThat(parse(body("\"text\":{\"format\":{\"type\":\"text\"}}")).request())
        .extracting(r -> r.responseFormat().type())
        .isEqualTo("text");
    for (ReasoningEffort e : ReasoningEffort.values()) {
      assertThat(
              parse(body("\"reasoning\":{\"effort\":\"" + e.wireName() + "\"}"))
                  .request()
                  .reasoningEffort())
          .isEqualTo(e);
    }
    assertThat(parse(body("\"tool_choice\":\"none\"")).request().toolChoice())
        .isEqualTo(ToolChoice.NONE);
    assertThat(parse(body("\"previous_response_id\":\"resp_1\"")).previousResponseId())
        .isEqualTo("resp_1");
    // a previous response alone (no input) continues its conversation
    assertThat(
            parse("{\"model\":\"m/x\",\"previous_response_id\":\"resp_1\"}").request().messages())
        .isEqualTo(STORED);
  }

  @ParameterizedTest(name = "{0} is a 400 naming {1}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          "seed":1                                                  | seed
          "conversation":"conv_1"                                   | conversation
          "prompt":{"id":"pmpt_1"}                                  | prompt
          "background":true                                         | background
          "temperature":2.5                                         | temperature
          "temperature":"hot"                                       | temperature
          "top_p":1.5                                               | top_p
          "max_output_tokens":0                                     | max_output_tokens
          "max_output_tokens":1.5                                   | max_output_tokens
          "parallel_tool_calls":"yes"                               | parallel_tool_calls
          "stream":1                                                | stream
          "store":"no"                                              | store
          "user":7                                                  | user
          "instructions":[]                                         | instructions
          "metadata":{"k":1}                                        | metadata.k
          "metadata":[]                                             | metadata
          "truncation":"middle"                                     | truncation
          "include":"all"                                           | include
          "include":[1]                                             | include[0]
          "models":"a/b"                                            | models
          "models":[""]                                             | models[0]
          "previous_response_id":7                                  | previous_response_id
          "tools":[{"type":"function","name":"f","parameters":{"type":"array"}}] | tools[0].parameters
          "text":{"format":{"type":"grammar"}}                      | text.format.type
          "text":{"format":{}}                                      | text.format.type
          "text":{"format":{"type":"json_schema","name":"a"}}       | text.format.schema
          "text":{"format":{"type":"json_schema","schema":{}}}      | text.format.name
          "text":{"format":{"type":"json_schema","name":"a b","schema":{}}} | text.format.name
          "text":{"format":{"type":"text","schema":{}}}             | text.format.schema
          "text":{"format":{"type":"text","extra":1}}               | text.format.extra
          "text":{"colour":"red"}                                   | text.colour
          "text":"json"                                             | text
          "reasoning":{"effort":"max"}                              | reasoning.effort
          "reasoning":{"summary":"long"}                            | reasoning.summary
          "reasoning":{"generate_summary":"long"}                   | reasoning.generate_summary
          "reasoning":{"depth":1}                                   | reasoning.depth
          "tools":{}                                                | tools
          "tools":[1]                                               | tools[0]
          "tools":[{}]                                              | tools[0].type
          "tools":[{"type":"function"}]                             | tools[0].name
          "tools":[{"type":"function","name":"f","parameters":[]}]  | tools[0].parameters
          "tools":[{"type":"function","name":"f","strict":"y"}]     | tools[0].strict
          "tools":[{"type":"function","name":"f","extra":1}]        | tools[0].extra
          "tools":[{"type":"function","name":"f"},{"type":"function","name":"f"}] | tools[1].name
          "tool_choice":"any"                                       | tool_choice
          "tool_choice":1                                           | tool_choice
          "tool_choice":{"type":"web_search_preview"}               | tool_choice
          "tool_choice":{"type":"file_search"}                      | tool_choice
          "tool_choice":{"type":"mcp","server_label":"s"}           | tool_choice
          "tool_choice":{"type":"custom","name":"c"}                | tool_choice
          "tool_choice":"required"                                  | tool_choice
          "tools":[{"type":"web_search"}],"tool_choice":"required"  | tool_choice
          "tool_choice":{"type":"function"}                         | tool_choice.name
          "tool_choice":{"type":"function","name":"g"}              | tool_choice.name
          "tool_choice":{"type":"allowed_tools","mode":"auto"}      | tool_choice.tools
          "tool_choice":{"type":"allowed_tools","mode":"x","tools":[]} | tool_choice.mode
          """)
  void refusesAFieldNamingIt(String field, String param) {
    assertThatThrownBy(() -> parse(body(field)))
        .isInstanceOfSatisfying(
            ApiError.class,
            e -> {
              assertThat(e.status()).isEqualTo(400);
              assertThat(e.error().get("param").asText()).isEqualTo(param);
              assertThat(e.getMessage()).startsWith(param);
            });
  }

  @ParameterizedTest(name = "{0} is a 400 naming {1}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          {"input":"Hi"}                                                    | model
          {"model":" ","input":"Hi"}                                        | model
          {"model":"m/x"}                                                   | input
          {"model":"m/x","input":[]}                                        | input
          {"model":"m/x","input":[],"previous_response_id":""}              | input
          {"model":"m/x","input":7}                                         | input
          {"model":"m/x","input":[7]}                                       | input[0]
          {"model":"m/x","input":[{}]}                                      | input[0].type
          {"model":"m/x","input":[{"type":"item_reference","id":"x"}]}      | input[0].type
          {"model":"m/x","input":[{"type":"web_search_call","id":"x"}]}     | input[0].type
          {"model":"m/x","input":[{"type":"message","content":"x"}]}        | input[0].role
          {"model":"m/x","input":[{"role":"tool","content":"x"}]}           | input[0].role
          {"model":"m/x","input":[{"role":"user"}]}                         | input[0].content
          {"model":"m/x","input":[{"role":"user","content":7}]}             | input[0].content
          {"model":"m/x","input":[{"role":"user","content":[7]}]}           | input[0].content[0]
          {"model":"m/x","input":[{"role":"user","content":[{}]}]}          | input[0].content[0].type
          {"model":"m/x","input":[{"role":"user","content":[{"type":"input_audio"}]}]} | input[0].content[0].type
          {"model":"m/x","input":[{"role":"user","content":[{"type":"input_text"}]}]}  | input[0].content[0].text
          {"model":"m/x","input":[{"role":"user","content":[{"type":"input_image","file_id":"f"}]}]} | input[0].content[0].file_id
          {"model":"m/x","input":[{"role":"user","content":[{"type":"input_image"}]}]} | input[0].content[0].image_url
          {"model":"m/x","input":[{"role":"user","content":[{"type":"input_image","image_url":"ftp://x"}]}]} | input[0].content[0].image_url
          {"model":"m/x","input":[{"role":"user","content":[{"type":"input_image","image_url":"https://x","detail":"max"}]}]} | input[0].content[0].detail
          {"model":"m/x","input":[{"role":"system","content":[{"type":"input_image","image_url":"https://x"}]}]} | input[0].content[0]
          {"model":"m/x","input":[{"role":"user","content":[{"type":"input_file","file_url":"https://x"}]}]} | input[0].content[0].file_url
          {"model":"m/x","input":[{"role":"user","content":[{"type":"input_file"}]}]} | input[0].content[0]
          {"model":"m/x","input":[{"role":"assistant","content":[{"type":"input_image","image_url":"https://x"}]}]} | input[0].content[0].type
          {"model":"m/x","input":[{"role":"assistant","content":[{"type":"refusal"}]}]} | input[0].content[0].refusal
          {"model":"m/x","input":[{"type":"function_call","name":"f"}]}     | input[0].call_id
          {"model":"m/x","input":[{"type":"function_call","call_id":"c"}]}  | input[0].name
          {"model":"m/x","input":[{"type":"function_call","call_id":"c","name":"f","arguments":{}}]} | input[0].arguments
          {"model":"m/x","input":[{"type":"function_call_output","output":"x"}]} | input[0].call_id
          {"model":"m/x","input":[{"type":"function_call_output","call_id":"c"}]} | input[0].output
          {"model":"m/x","input":[{"type":"function_call_output","call_id":"c","output":"x"}]} | input[0].call_id
          {"model":"m/x","input":[{"role":"user","content":"Hi"},{"type":"function_call","call_id":"a","name":"f"},{"type":"function_call_output","call_id":"b","output":"x"}]} | input[2].call_id
          {"model":"m/x","input":[{"type":"reasoning","summary":"x"}]}      | input[0].summary
          {"model":"m/x","input":[{"type":"reasoning","summary":[{"type":"reasoning_text","text":"x"}]}]} | input[0].summary[0].type
          """)
  void refusesABodyNamingTheField(String body, String param) {
    assertThatThrownBy(() -> parse(body))
        .isInstanceOfSatisfying(
            ApiError.class,
            e -> {
              assertThat(e.status()).isEqualTo(400);
              assertThat(e.error().get("param").asText()).isEqualTo(param);
            });
  }

  @Test
  void refusesWhatIsNotAJsonObject() {
    for (String body : List.of("[]", "{", "7")) {
      assertThatThrownBy(() -> parse(body))
          .isInstanceOfSatisfying(ApiError.class, e -> assertThat(e.status()).isEqualTo(400));
    }
  }

  @Test
  void namesUnknownItemFieldsAsDropped() {
    ResponsesRequest p =
        parse("{\"model\":\"m/x\",\"input\":[{\"role\":\"user\",\"content\":\"x\",\"phase\":1}]}");
    assertThat(p.dropped()).containsExactly("input[0].phase");
  }

  @Test
  void putsAStoredConversationBetweenTheInstructionsAndTheInput() {
    ResponsesRequest p =
        parse(body("\"instructions\":\"New\",\"previous_response_id\":\"resp_1\""));
    assertThat(p.request().messages())
        .containsExactly(
            ChatMessage.system("New"),
            ChatMessage.user("Before"),
            ChatMessage.assistant("Yes"),
            ChatMessage.user("Hi"));
    // what this answer's stored conversation begins with: no instructions
    assertThat(p.conversation())
        .containsExactly(
            ChatMessage.user("Before"), ChatMessage.assistant("Yes"), ChatMessage.user("Hi"));
  }
}
