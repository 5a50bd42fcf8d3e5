import type { WebhookSigning } from '../../openapi/webhookSigning';
import { quoted } from '../quoting';
import type { WebhookProgram } from './index';

export function go(s: WebhookSigning): WebhookProgram {
  const file = 'main.go';
  return {
    file,
    run: `${s.secretVariable}=… PORT=8080 go run ${file}`,
    code: `// Receives webhook deliveries: checks each one's signature and age, answers at once, then handles it.
package main

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"regexp"
	"strconv"
	"sync"
	"time"
)

const toleranceSeconds = ${s.toleranceSeconds}

var (
	secret    = os.Getenv(${quoted(s.secretVariable)})
	digits    = regexp.MustCompile(\`^[0-9]{1,18}$\`)
	seenMutex sync.Mutex
	// Event ids already handled. Keep them in your database, for longer than retries last.
	seen = map[string]bool{}
)

func verify(rawBody []byte, signature, timestamp string, now time.Time) bool {
	if !digits.MatchString(timestamp) {
		return false
	}
	sent, _ := strconv.ParseInt(timestamp, 10, 64)
	if age := now.Unix() - sent; age > toleranceSeconds || age < -toleranceSeconds {
		return false
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(timestamp + ${quoted(s.separator)}))
	mac.Write(rawBody)
	expected := ${quoted(s.signaturePrefix)} + hex.EncodeToString(mac.Sum(nil))
	// hmac.Equal takes as long wherever the two differ, so the answer's timing gives nothing away.
	return hmac.Equal([]byte(expected), []byte(signature))
}

func handle(w http.ResponseWriter, r *http.Request) {
	rawBody, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 1<<20))
	signature := r.Header.Get(${quoted(s.signatureHeader)})
	timestamp := r.Header.Get(${quoted(s.timestampHeader)})
	if err != nil || r.Method != http.MethodPost || !verify(rawBody, signature, timestamp, time.Now()) {
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	var delivery struct {
		Event   string \`json:"event"\`
		EventID string \`json:"event_id"\`
	}
	if err := json.Unmarshal(rawBody, &delivery); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	// Acknowledge first; slow work belongs in a queue.
	w.WriteHeader(http.StatusNoContent)
	seenMutex.Lock()
	duplicate := seen[delivery.EventID]
	seen[delivery.EventID] = true
	seenMutex.Unlock()
	if duplicate {
		fmt.Printf("duplicate %s: skipped\\n", delivery.EventID)
		return
	}
	fmt.Printf("received %s %s\\n", delivery.Event, delivery.EventID)
}

func main() {
	if secret == "" {
		log.Fatal(${quoted(`Set ${s.secretVariable}`)})
	}
	port := os.Getenv("PORT")
	if port == "" {
		port = "8080"
	}
	http.HandleFunc("/", handle)
	log.Fatal(http.ListenAndServe("127.0.0.1:"+port, nil))
}
`,
  };
}
