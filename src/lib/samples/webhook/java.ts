import type { WebhookSigning } from '../../openapi/webhookSigning';
import { javaQuoted } from '../quoting';
import type { WebhookProgram } from './index';

export function java(s: WebhookSigning): WebhookProgram {
  const file = 'WebhookHandler.java';
  return {
    file,
    run: `${s.secretVariable}=… PORT=8080 java ${file}`,
    code: `// Receives webhook deliveries: checks each one's signature and age, answers at once, then handles it.
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

public class WebhookHandler {
    static final long TOLERANCE_SECONDS = ${s.toleranceSeconds};
    static final String SECRET = System.getenv(${javaQuoted(s.secretVariable)});
    // Event ids already handled. Keep them in your database, for longer than retries last.
    static final Set<String> SEEN = ConcurrentHashMap.newKeySet();

    static boolean verify(byte[] rawBody, String signature, String timestamp, long now) throws Exception {
        if (signature == null || timestamp == null || !timestamp.matches("[0-9]{1,18}")) return false;
        if (Math.abs(now - Long.parseLong(timestamp)) > TOLERANCE_SECONDS) return false;
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(SECRET.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        mac.update((timestamp + ${javaQuoted(s.separator)}).getBytes(StandardCharsets.UTF_8));
        StringBuilder expected = new StringBuilder(${javaQuoted(s.signaturePrefix)});
        for (byte b : mac.doFinal(rawBody)) expected.append(String.format("%02x", b));
        // MessageDigest.isEqual takes as long wherever the two differ, so the answer's timing gives nothing away.
        return MessageDigest.isEqual(
            expected.toString().getBytes(StandardCharsets.UTF_8), signature.getBytes(StandardCharsets.UTF_8));
    }

    // Java has no JSON parser of its own: read the delivery with yours (Jackson, Gson). A pattern finds the two
    // fields this sample prints, so that it runs without one.
    static String field(String json, String name) {
        Matcher match = Pattern.compile("\\"" + name + "\\"\\\\s*:\\\\s*\\"([^\\"\\\\\\\\]*)\\"").matcher(json);
        return match.find() ? match.group(1) : "";
    }

    static void handle(HttpExchange exchange) throws IOException {
        byte[] rawBody = exchange.getRequestBody().readAllBytes();
        String signature = exchange.getRequestHeaders().getFirst(${javaQuoted(s.signatureHeader)});
        String timestamp = exchange.getRequestHeaders().getFirst(${javaQuoted(s.timestampHeader)});
        boolean valid;
        try {
            valid = "POST".equals(exchange.getRequestMethod())
                && verify(rawBody, signature, timestamp, System.currentTimeMillis() / 1000);
        } catch (Exception e) {
            valid = false;
        }
        // Acknowledge first; slow work belongs in a queue.
        exchange.sendResponseHeaders(valid ? 204 : 401, -1);
        exchange.close();
        if (!valid) return;
        String body = new String(rawBody, StandardCharsets.UTF_8);
        String eventId = field(body, "event_id");
        if (!SEEN.add(eventId)) {
            System.out.println("duplicate " + eventId + ": skipped");
            return;
        }
        System.out.println("received " + field(body, "event") + " " + eventId);
    }

    public static void main(String[] args) throws IOException {
        if (SECRET == null || SECRET.isEmpty()) {
            System.err.println(${javaQuoted(`Set ${s.secretVariable}`)});
            System.exit(1);
        }
        int port = Integer.parseInt(System.getenv().getOrDefault("PORT", "8080"));
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
        server.createContext("/", WebhookHandler::handle);
        server.start();
    }
}
`,
  };
}
