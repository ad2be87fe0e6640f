"""HTTP side of the app: pages, the JSON API, and how errors are answered."""
