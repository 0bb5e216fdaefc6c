"""The Flask extensions, created unbound so that any module can import them
without importing the app (cookiecutter-flask's pattern)."""

from flask_babel import Babel
from flask_compress import Compress
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf import CSRFProtect
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    """Declarative base of every model."""


db = SQLAlchemy(model_class=Base)
migrate = Migrate()
csrf = CSRFProtect()
babel = Babel()
compress = Compress()
