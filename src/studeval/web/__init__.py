"""``studeval serve``: the stud calculator, the hand replayer, the results and the import in
a browser, over the library (the ``[web]`` extra: Starlette, uvicorn, Jinja2).

One module per job: :mod:`~studeval.web.limits` (every request's bounds, importable without
the extra), :mod:`~studeval.web.questions` (an equity question checked, planned, answered),
:mod:`~studeval.web.replays` (a file's hands and one hand played back),
:mod:`~studeval.web.jobs` (the work off the event loop, bounded in time, stopped when the
client goes), :mod:`~studeval.web.api` (the JSON API), :mod:`~studeval.web.app` (the pages
and the application: ``create_app``). The templates and the plain-JavaScript assets are in
``templates/`` and ``static/``, shipped in the wheel.
"""
