/** Static question-and-answer articles for the Blogs page (SPEC §1), about front-end framework topics. */

export interface BlogArticle {
  /** Stable, URL-safe id (also usable as a React key or an anchor). */
  readonly id: string;
  readonly question: string;
  /** The answer, one string per paragraph. */
  readonly answer: readonly string[];
}

export const BLOG_ARTICLES: readonly BlogArticle[] = [
  {
    id: 'props-vs-state',
    question: 'What is the difference between props and state in React?',
    answer: [
      'Props are the inputs a component receives from its parent. The parent decides their values, and the child treats them as read-only: a component that wants a different value asks its parent for it, usually by calling a callback that the parent also passed down as a prop. Because props flow in one direction, from the top of the tree downwards, you can always find out where a value came from by walking up the tree.',
      'State is data a component owns and changes over time, created with useState or useReducer. Calling the setter schedules a new render of that component, and React hands it the updated value on the next render. State is private: siblings and parents cannot read it unless the owner passes it on as props.',
      'A practical rule: if a value can be computed from props or from other state, do not store it as state, compute it during render. If two components need the same changing value, move the state up to their closest common parent and pass it down as props ("lifting state up"). Keeping a single owner for each piece of data is what keeps a React screen predictable.',
    ],
  },
  {
    id: 'virtual-dom-reconciliation',
    question: "How does React's virtual DOM and reconciliation work?",
    answer: [
      'When a component renders, it does not touch the browser DOM. It returns a tree of plain JavaScript objects, React elements, that describe what the screen should look like. This lightweight description is what people call the virtual DOM. Creating these objects is cheap compared with reading and writing real DOM nodes, which may trigger style recalculation and layout.',
      'After a state change React renders the affected components again and compares the new element tree with the previous one. This comparison is reconciliation. A general tree diff would be far too slow, so React relies on two heuristics: elements of a different type (a <div> replaced by a <section>, or one component replaced by another) produce a completely new subtree, and children in a list are matched by their key. Elements of the same type at the same position are kept, and only their changed attributes are updated.',
      'The result of the comparison is a short list of DOM operations, which React applies in a separate commit phase, all at once, so the user never sees a half-updated screen. Since the Fiber architecture, the render phase can also be split into small units of work and paused, which lets urgent updates such as typing stay responsive while a large, less urgent update is still being prepared.',
    ],
  },
  {
    id: 'context-vs-state-library',
    question: 'When should you use React Context, and when a state management library?',
    answer: [
      'Context is a way to pass a value deep into the tree without threading it through every intermediate component as a prop. It is a delivery mechanism rather than a state manager: the state itself still lives in a useState or useReducer somewhere near the provider. It fits values that many components read but that change rarely, such as the signed-in user, the theme, the language or a feature flag.',
      'The catch is re-rendering. Every component that reads a context renders again whenever the provided value changes, even if it only uses one field of it. For a value that changes a few times per session that is harmless; for a shopping cart updated on every click or a form with dozens of fields it can make a large screen sluggish. Splitting one big context into several small ones and memoising the provided value helps up to a point.',
      'Reach for a dedicated library (Redux Toolkit, Zustand, Jotai and similar) when many unrelated components update the same data often, when you want components to subscribe to just a slice of the state through selectors, or when you need tooling such as time-travel debugging and middleware. Data that comes from a server is a separate concern again: a data-fetching library like TanStack Query, or the one bundled with your backend SDK, handles caching, refetching and loading states better than either option.',
    ],
  },
  {
    id: 'keys-in-lists',
    question: 'Why do keys matter when rendering lists in React?',
    answer: [
      'When React reconciles a list, it needs to know which item in the new render corresponds to which item in the previous one. The key prop is that identity. With stable keys React can tell that an item moved, was inserted or was removed, and it reuses the existing component instance, its state and its DOM node for the item that kept its key.',
      'Using the array index as a key only works for lists that never change order and never have items inserted or removed before the end. Otherwise identity follows the position instead of the data: delete the first row of a table and the state of the old first row, such as a half-typed input or an open menu, silently moves to what used to be the second row. Random keys are even worse, because every render looks like a brand-new list and all state is thrown away.',
      'The best key is an id that already belongs to the data, like a database id or a product slug. It only has to be unique among siblings, not across the whole page. Keys also give you a handy trick: changing the key of a component on purpose makes React unmount it and mount a fresh one, which is a clean way to reset a form when the record it edits changes.',
    ],
  },
  {
    id: 'controlled-vs-uncontrolled',
    question: 'What is the difference between controlled and uncontrolled form inputs?',
    answer: [
      'A controlled input gets its value from React state and reports every change through onChange; the component then sets the new state and the input renders with it. React is the single source of truth, so the value is always available for live validation, formatting as the user types, or enabling and disabling a submit button.',
      'An uncontrolled input keeps its own value inside the DOM, as plain HTML does. You give it an initial value with defaultValue and read the current value when you need it, through a ref or by reading the form with FormData in the submit handler. There is less code and no re-render on each keystroke.',
      'Both are valid, but pick one per input: switching a field from uncontrolled to controlled, for example by passing value={undefined} first and a string later, triggers a React warning and confusing behaviour. Form libraries such as React Hook Form register mostly uncontrolled inputs through refs to avoid re-rendering the whole form on every keystroke, while still giving you validation and error messages; controlled inputs remain the better fit for fields whose value drives other parts of the UI immediately.',
    ],
  },
  {
    id: 'spa-router-lazy-routes',
    question: 'What does a single-page app router do, and how do lazy routes cut bundle size?',
    answer: [
      "In a single-page application the server sends one HTML page and one JavaScript application. The router makes it feel like a multi-page site: it reads the current URL, matches it against a list of route definitions, and renders the components for the matching route, including nested layouts such as a dashboard with a side menu. When the user clicks a link, the router intercepts the click, updates the address bar with the History API and swaps components without a full page reload; the back and forward buttons work because it listens for the browser's popstate event.",
      'Because every path is handled in the browser, the web server must answer every unknown path with the same index.html (a rewrite or fallback rule); otherwise a reload on /dashboard/myorder would return a 404 from the server before the router ever runs.',
      "If all screens are imported at the top of the app, the bundler puts them all into one file that every visitor downloads, even the ones who only see the home page. A lazy route loads its component with a dynamic import(), through React.lazy with a Suspense fallback or the router's own lazy option. The bundler turns each dynamic import into a separate chunk that is fetched only when that route is first visited, so the initial download shrinks and the first screen appears sooner. The cost is a short wait the first time a lazy route opens, which can be hidden by prefetching the chunk when a link is hovered or the browser is idle.",
    ],
  },
];
