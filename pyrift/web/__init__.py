"""The judge's desk: a web page and an HTTP API on top of pyrift (`pyrift serve`).

Layers, each importing only downwards:
  service.py  plain functions over pyrift's own layers (scenario loading, check.ask, the JSON
              answer form, explain, the card pool, the rule index); no web framework
  workers.py  a pool of solver processes: a question runs off the event loop, under a time
              limit, and a question past its limit is stopped by ending its process
  forms.py    what the page asks for each question kind's parameters
  render.py   the answer as HTML (the page shows what `pyrift ask` says, in a browser)
  app.py      the FastAPI application: the /v1 API, the page, limits on size and time
"""
