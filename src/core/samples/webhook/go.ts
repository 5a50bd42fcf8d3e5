import type { WebhookSigning } from '../../openapi/webhookSigning';
import { quoted } from '../quoting';
import { handlerLimits, type WebhookProgram } from './index';

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
	"strings"
	"sync"
	"time"
)

const (
	toleranceSeconds = ${s.toleranceSeconds}
	// While a secret is rotated, a delivery carries a signature for each: any one matching will do.
	maxSignatures = ${s.maxSignatures}
	maxBodyBytes  = ${handlerLimits.maxBodyBytes}
)

var (
	secret    = os.Getenv(${quoted(s.secretVariable)})
	digits    = regexp.MustCompile(\`^[0-9]{1,18}$\`)
	seenMutex sync.Mutex
	// Event ids already handled. Keep them in your database, for longer than retries last.
	seen = map[string]bool{}
)

func verify(rawBody []byte, signatures []string, timestamp string, now time.Time) bool {
	if !digits.MatchString(timestamp) {
		return false
	}
	sent, _ := strconv.ParseInt(timestamp, 10, 64)
	if age := now.Unix() - sent; age > toleranceSeconds || age < -toleranceSeconds {
		return false
	}
	// Several values: comma-separated, or the header repeated. One list either way.
	given := strings.Split(strings.Join(signatures, ","), ",")
	if len(given) > maxSignatures {
		return false
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(timestamp + ${quoted(s.separator)}))
	mac.Write(rawBody)
	expected := []byte(${quoted(s.signaturePrefix)} + hex.EncodeToString(mac.Sum(nil)))
	valid := false
	for _, signature := range given {
		// hmac.Equal takes as long wherever the two differ, so the answer's timing gives nothing away.
		valid = hmac.Equal(expected, []byte(strings.TrimSpace(signature))) || valid
	}
	return valid
}

func handle(w http.ResponseWriter, r *http.Request) {
	// The server refuses a malformed Content-Length itself; refuse a large body before reading it.
	if r.ContentLength > maxBodyBytes {
		w.WriteHeader(http.StatusRequestEntityTooLarge)
		return
	}
	rawBody, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBodyBytes))
	if err != nil { // cut short, too large or too slow
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	signatures := r.Header.Values(${quoted(s.signatureHeader)})
	timestamp := r.Header.Get(${quoted(s.timestampHeader)})
	if r.Method != http.MethodPost || !verify(rawBody, signatures, timestamp, time.Now()) {
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	var delivery struct {
		Event   string \`json:"event"\`
		EventID string \`json:"event_id"\`
	}
	if err := json.Unmarshal(rawBody, &delivery); err != nil || delivery.EventID == "" || delivery.Event == "" {
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
	server := &http.Server{
		Addr:    "127.0.0.1:" + port,
		Handler: http.HandlerFunc(handle),
		// Each connection is served apart; one that has not sent its whole request in time is cut off.
		ReadTimeout:  ${handlerLimits.readTimeoutSeconds} * time.Second,
		WriteTimeout: ${handlerLimits.readTimeoutSeconds * 2} * time.Second,
	}
	log.Fatal(server.ListenAndServe())
}
`,
  };
}
