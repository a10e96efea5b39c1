export interface BlogQuestion {
  id: string;
  question: string;
  answer: string[];
}

export const blogQuestions: readonly BlogQuestion[] = [
  {
    id: 'react-re-rendering',
    question:
      'How does React decide when to re-render a component, and how can you avoid unnecessary renders?',
    answer: [
      'React re-renders a component when its own state changes through a state setter or a reducer dispatch, when its parent re-renders, or when a context it reads receives a new value. Re-rendering means calling the component function again; React then compares the new output with the previous one and commits only the DOM changes that are really needed. If you set state to a value that is identical according to Object.is, React can bail out, which is why state must be updated immutably: mutating an object and passing the same reference back does not trigger an update.',
      'By default, a parent render re-renders all of its children, even when their props did not change. Wrapping a child in memo lets React skip it when every prop is shallowly equal, while useMemo and useCallback keep object and function props referentially stable so that comparison can succeed. The React Compiler can add this memoization automatically.',
      'Structural fixes often beat memoization: keep state close to where it is used, pass expensive subtrees as children, split large contexts, and derive values during render instead of copying them into extra state. Measure with the React DevTools Profiler before optimizing.',
    ],
  },
  {
    id: 'authentication-vs-authorization',
    question:
      'What is the difference between authentication and authorization, and how does a JWT fit in?',
    answer: [
      'Authentication answers the question "who are you?". It verifies an identity, for example by checking a password against its stored hash, a one-time code or a passkey. Authorization answers "what are you allowed to do?". It happens after authentication and decides whether that identity may perform an action on a resource, such as letting an administrator edit products while a customer may only view their own orders. A failed authentication usually returns HTTP 401 Unauthorized, a failed authorization 403 Forbidden.',
      'A JSON Web Token is a compact, signed token made of a header, a payload of claims and a signature. After a successful login the server issues a JWT with claims such as the user id (sub), an expiry time (exp) and perhaps a role. The client sends it with later requests, in an Authorization: Bearer header or an HttpOnly cookie, and the server verifies the signature instead of looking up a session. The token is therefore proof of authentication.',
      'Its claims can then feed authorization decisions, but the payload is only encoded, not encrypted, so it must never hold secrets. Keep tokens short-lived, validate the algorithm and expiry, and plan for revocation.',
    ],
  },
  {
    id: 'sql-vs-nosql',
    question:
      'What are the differences between SQL and NoSQL databases, and when would you choose each?',
    answer: [
      'SQL databases such as PostgreSQL, MySQL and SQLite store data in tables with a defined schema and link them through foreign keys. They offer SQL, a powerful declarative language with joins and aggregations, and ACID transactions, so a multi-step operation like placing an order and decrementing stock either succeeds completely or not at all. They traditionally scale vertically, although replication and sharding are possible.',
      'NoSQL is an umbrella term for document stores (MongoDB), key-value stores (Redis, DynamoDB), wide-column stores (Cassandra) and graph databases (Neo4j). They usually have flexible schemas, are built to scale horizontally across many nodes, and often trade strict consistency or multi-record transactions for availability and throughput, although many now support transactions as well.',
      'Choose SQL when data is highly relational, integrity matters and queries are varied or not known in advance, as with orders, payments, inventory and most business applications. Choose NoSQL when access patterns are simple and known up front, the data naturally fits documents or key-value pairs, the structure changes often, or you need very high write throughput and low latency for caches, sessions, event logs or real-time feeds. Many systems sensibly use both.',
    ],
  },
  {
    id: 'javascript-event-loop',
    question: 'How does the JavaScript event loop work, and what are microtasks and macrotasks?',
    answer: [
      'JavaScript runs your code on a single thread with one call stack. Slow work such as timers, network requests and file access is handed to the host environment, the browser or Node.js, which queues a callback when the work completes. The event loop repeatedly picks the next queued task and runs it once the call stack is empty, so each task runs to completion without being interrupted.',
      'Macrotasks, simply called tasks in the HTML specification, include running a script, setTimeout and setInterval callbacks, user input events and message events. Microtasks include promise reactions (then, catch, finally and the code after an await), queueMicrotask and MutationObserver callbacks. After each macrotask the engine drains the entire microtask queue, including microtasks added along the way, before it takes the next macrotask; in the browser it may then render a frame.',
      'That is why Promise.resolve().then(callback) runs before setTimeout(callback, 0), even though both look immediate. It also explains two pitfalls: a heavy synchronous loop freezes the page because nothing else can run, and an endless chain of microtasks starves rendering and events just as badly. Split long work into chunks or move it to a Web Worker.',
    ],
  },
  {
    id: 'cors',
    question: 'What is CORS and why does the browser block some cross-origin requests?',
    answer: [
      'Browsers enforce the same-origin policy: a script from one origin, meaning the combination of scheme, host and port, may not read responses from another origin. Without it, any site you visit could use your logged-in cookies to read your email or bank data from other sites. Cross-Origin Resource Sharing (CORS) is the standard that lets a server relax this rule for origins it trusts by sending response headers such as Access-Control-Allow-Origin.',
      'For simple requests, such as a GET or a POST with a form content type, the browser sends the request with an Origin header and then checks the response headers. If the origin is not allowed, the request may still have reached the server, but JavaScript cannot read the response. Other methods, custom headers or a JSON content type first trigger a preflight OPTIONS request, and the real request is only sent if the server approves it. Sending cookies also needs credentials: include on the client and Access-Control-Allow-Credentials: true with an explicit origin, not a wildcard, on the server.',
      'CORS errors are therefore fixed on the server or avoided with a same-origin proxy. CORS only protects browser users; it does not replace authentication.',
    ],
  },
  {
    id: 'typescript-advantages',
    question: 'What are the advantages of TypeScript over plain JavaScript in a large codebase?',
    answer: [
      'TypeScript adds a static type system on top of JavaScript and compiles to plain JavaScript, so it runs anywhere JavaScript does. Its main advantage in a large codebase is that whole classes of bugs, such as misspelled properties, calling a function with the wrong arguments or forgetting that a value can be undefined, are caught by the compiler and the editor before the code runs, instead of by users in production.',
      'Types also act as documentation that cannot silently drift out of date. Interfaces describe API responses, component props and domain objects, and editors use them for accurate autocomplete and go-to-definition. Refactoring becomes much safer: rename a field or change a function signature and the compiler lists every place that needs updating, which is invaluable when many developers work across hundreds of files. Union types, discriminated unions with exhaustive checks and strict null checks let you model business rules so that invalid states cannot be represented.',
      'The trade-offs are a type-check step, a learning curve and occasional complex type definitions. Types are erased at runtime, so external data still needs validation, for example with a schema library such as Zod. For a team maintaining a growing application, these costs are small compared with the confidence gained.',
    ],
  },
];
