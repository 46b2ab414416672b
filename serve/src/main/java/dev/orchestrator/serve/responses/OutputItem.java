package dev.orchestrator.serve.responses;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.serve.http.Json;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * One item of a Response's {@code output}, as the whole answer and the stream's {@code
 * response.output_item.done} write it (docs/reference.md, "OpenAI Responses"). Immutable records.
 */
sealed interface OutputItem
    permits OutputItem.Reasoning, OutputItem.Message, OutputItem.FunctionCall {

  /** The item's id ({@code rs_…}, {@code msg_…}, {@code fc_…}). */
  String id();

  /** The item as JSON. */
  ObjectNode json();

  /**
   * A reasoning item: the route's reasoning as one summary text, and its signed thinking sealed.
   *
   * @param id {@code rs_…}
   * @param text the reasoning; {@code ""} for none (an empty summary)
   * @param encryptedContent the turn's signed thinking blocks as {@link Conversation#sealed} writes
   *     them, when the request's {@code include} asked for them; else {@code null}
   */
  record Reasoning(String id, String text, String encryptedContent) implements OutputItem {
    @Override
    public ObjectNode json() {
      ObjectNode o = Json.MAPPER.createObjectNode();
      o.put("id", id).put("type", "reasoning");
      ArrayNode summary = o.putArray("summary");
      if (!text.isEmpty()) {
        summary.add(summaryPart(text));
      }
      if (encryptedContent != null) {
        o.put("encrypted_content", encryptedContent);
      }
      return o;
    }

    /** One {@code summary_text} part. */
    static ObjectNode summaryPart(String text) {
      return Json.MAPPER.createObjectNode().put("type", "summary_text").put("text", text);
    }
  }

  /**
   * The assistant's message: an {@code output_text} part, and a {@code refusal} part when the route
   * refused.
   *
   * @param id {@code msg_…}
   * @param text the text, or {@code null} for none
   * @param refusal the refusal, or {@code null}
   * @param status {@code completed} or {@code incomplete}
   * @param refusalFirst whether the refusal part comes before the text part (as a stream that
   *     refused first numbered them)
   */
  record Message(String id, String text, String refusal, String status, boolean refusalFirst)
      implements OutputItem {
    /** A message whose text part, if any, comes first. */
    Message(String id, String text, String refusal, String status) {
      this(id, text, refusal, status, false);
    }

    @Override
    public ObjectNode json() {
      ObjectNode o = Json.MAPPER.createObjectNode();
      o.put("id", id).put("type", "message").put("status", status).put("role", "assistant");
      var content = o.putArray("content");
      if (refusal != null && refusalFirst) {
        content.add(refusalPart(refusal));
      }
      if (text != null) {
        content.add(textPart(text));
      }
      if (refusal != null && !refusalFirst) {
        content.add(refusalPart(refusal));
      }
      return o;
    }

    /** An {@code output_text} part. */
    static ObjectNode textPart(String text) {
      ObjectNode p = Json.MAPPER.createObjectNode().put("type", "output_text").put("text", text);
      p.putArray("annotations");
      p.putArray("logprobs");
      return p;
    }

    /** A {@code refusal} part. */
    static ObjectNode refusalPart(String refusal) {
      return Json.MAPPER.createObjectNode().put("type", "refusal").put("refusal", refusal);
    }
  }

  /**
   * One function call.
   *
   * @param id {@code fc_…}
   * @param callId the call's id, which the {@code function_call_output} answers
   * @param name the function
   * @param arguments the arguments as JSON text
   * @param status {@code completed}, or {@code in_progress} while it streams
   * @param thoughtSignature Gemini's thought signature of the call, or {@code null}: written where
   *     Gemini's OpenAI wire puts it ({@code extra_content.google.thought_signature}), so that the
   *     call replayed as input, or by {@code previous_response_id}, goes back to Gemini signed
   *     (docs/design.md §13)
   */
  record FunctionCall(
      String id,
      String callId,
      String name,
      String arguments,
      String status,
      String thoughtSignature)
      implements OutputItem {
    @Override
    public ObjectNode json() {
      ObjectNode o = Json.MAPPER.createObjectNode();
      o.put("id", id).put("type", "function_call").put("status", status);
      o.put("arguments", arguments).put("call_id", callId).put("name", name);
      signature(o, thoughtSignature);
      return o;
    }

    /** Puts {@code signature} on a {@code function_call} item {@code o}, when there is one. */
    static void signature(ObjectNode o, String signature) {
      if (signature != null) {
        o.putObject("extra_content").putObject("google").put("thought_signature", signature);
      }
    }
  }

  /** A fresh id: {@code prefix}, an underscore and 48 random hex digits. */
  static String newId(String prefix) {
    byte[] b = new byte[24];
    Ids.RANDOM.nextBytes(b);
    return prefix + "_" + HexFormat.of().formatHex(b);
  }

  /** The random source of ids (ids of stored responses are what a client presents to read them). */
  final class Ids {
    static final SecureRandom RANDOM = new SecureRandom();

    private Ids() {}
  }
}
